import type { Page } from '@playwright/test';
import { hoverCard, type WireCard, type WireSection } from './board-fixtures';
import { expect, runSql, test } from './fixtures';
import {
  indicator,
  landing,
  nextQueryAnswer,
  openLanding,
  searchBox,
  signUpOnPlan,
  watchIndicator,
  watchQueries,
} from './search-fixtures';

/**
 * The submit flow (spec accounts §4 "Search submit states", "{product} indicator", §8; board-workspace
 * §8 rating toasts): landing query → cards in sections → "Here's your loot!" → rating; failures; the limit.
 */

/** The indicator's dots as they read now, or null once loading has ended (a short timeout: they are gone then). */
const dotsNow = (page: Page) =>
  page
    .getByTestId('loot-dots')
    .textContent({ timeout: 100 })
    .catch(() => null);

test.describe('search submit', () => {
  test('a landing query fills the board with cards in sections, celebrates, then asks for a rating', async ({
    page,
    server,
  }) => {
    const api = await signUpOnPlan(page, server, 4);
    await openLanding(page, server);
    const [board] = await api.boards();
    const calls = watchQueries(page);

    await searchBox(page).fill('  Starter Pack in Match-3 ');
    // The offline query engine answers in milliseconds: the request is held until the dots have been seen to cycle.
    let releaseQuery!: () => void;
    const queryHeld = new Promise<void>((resolve) => (releaseQuery = resolve));
    await page.route('**/api/gemini/process', async (route) => {
      await queryHeld;
      await route.continue();
    });
    const answer = nextQueryAnswer(page);
    // The confetti shows for 2 s: the page records the most pieces it ever held, so a check that comes late on a
    // loaded machine still sees what was shown.
    await page.evaluate(() => {
      const w = window as unknown as { mostConfetti: number };
      w.mostConfetti = 0;
      new MutationObserver(() => {
        w.mostConfetti = Math.max(
          w.mostConfetti,
          document.querySelectorAll('[data-testid="confetti"] .confetti-piece').length,
        );
      }).observe(document.body, { childList: true, subtree: true });
    });
    const shown = await watchIndicator(page);
    await searchBox(page).press('Enter');

    // Loading: the input is disabled and 'Looting references' cycles its dots every 400 ms.
    await expect(indicator(page)).toHaveAttribute('data-status', 'loading');
    await expect(indicator(page)).toContainText('Looting references');
    await expect(searchBox(page)).toBeDisabled();
    const dotsSeen = new Set<string>();
    await expect
      .poll(async () => {
        const dots = await dotsNow(page);
        if (dots !== null) dotsSeen.add(dots);
        return dotsSeen.size;
      })
      .toBeGreaterThanOrEqual(2);
    releaseQuery();
    const { queryId, success } = await answer;
    expect(success).toBe(true);
    expect(calls).toEqual([{ query: 'Starter Pack in Match-3', boardId: board.id }]);

    // Success: confetti (16 pieces) and "Here's your loot!", the compact bar, the rating popup with the query id.
    expect(await shown.succeeded()).toContain("Here's your loot!");
    await expect.poll(() => page.evaluate(() => (window as unknown as { mostConfetti: number }).mostConfetti)).toBe(16);
    await expect(landing(page)).toHaveCount(0);
    await expect(page.getByTestId('search-compact')).toBeVisible();
    await expect(searchBox(page)).toBeEnabled();
    await expect(searchBox(page)).toHaveValue('  Starter Pack in Match-3 ');
    await expect(page.getByRole('dialog', { name: 'Rate this response' })).toBeVisible();
    // The confetti goes after 2 s, the indicator fades out after 3.5 s (their timers: web/stores; waited for here
    // without a tight deadline, which a loaded CI machine would miss).
    await expect(page.getByTestId('confetti')).toHaveCount(0);
    await expect(indicator(page)).toHaveCount(0);

    // The board holds the query's cards, every one in one of 3–6 sections, as the server wrote them.
    const cards = await api.call<WireCard[]>('GET', `/api/cards?boardId=${board.id}`);
    const sections = await api.call<WireSection[]>('GET', `/api/sections?boardId=${board.id}`);
    expect(cards.length).toBeGreaterThanOrEqual(10);
    expect(sections.length).toBeGreaterThanOrEqual(3);
    expect(sections.length).toBeLessThanOrEqual(6);
    const sectionIds = new Set(sections.map((s) => s.id));
    for (const c of cards) expect(sectionIds.has(c.sectionId!)).toBe(true);
    // The view frames the first section of the results, its top clear of the compact bar.
    const first = [...sections].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)[0];
    await expect
      .poll(async () => {
        const c = page.getByTestId('board-canvas');
        const [zoom, oy] = [Number(await c.getAttribute('data-zoom')), Number(await c.getAttribute('data-offset-y'))];
        return first.position.y * zoom + oy;
      })
      .toBeGreaterThanOrEqual(150);
    // The canvas shows them: with the view reset, hovering the first card brings up its controls.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('r');
    await hoverCard(page, cards[0]);

    // Rating: one click saves; more clicks while saving are ignored. The request is held until those clicks are
    // done: a save that ended first would close the popup, and a click on a star that is gone waits for ever.
    let ratingCalls = 0;
    let releaseRating!: () => void;
    const ratingHeld = new Promise<void>((resolve) => (releaseRating = resolve));
    await page.route(`**/api/queries/${queryId}/rating`, async (route) => {
      ratingCalls += 1;
      await ratingHeld;
      await route.continue();
    });
    const popup = page.getByRole('dialog', { name: 'Rate this response' });
    await expect(popup).toContainText('How useful was the generated content?');
    await expect(popup).toContainText('Click a star to rate');
    const star = popup.getByRole('button', { name: 'Very useful' });
    const saved = page.waitForResponse((r) => r.url().includes(`/api/queries/${queryId}/rating`));
    await star.click();
    await expect.poll(() => ratingCalls).toBe(1);
    await star.click();
    await star.click();
    releaseRating();
    const savedBody = (await (await saved).json()) as { id: number; rating: number };
    expect(savedBody).toEqual({ id: queryId, rating: 4 });
    await expect(page.getByTestId('toast')).toContainText('Thank you!');
    await expect(page.getByTestId('toast')).toContainText('Your feedback has been recorded.');
    await expect(popup).toHaveCount(0);
    expect(ratingCalls).toBe(1);
  });

  test('the rating failure shows the spec message and keeps the popup', async ({ page, server }) => {
    await signUpOnPlan(page, server, 4);
    await openLanding(page, server);
    await searchBox(page).fill('Season Pass in Midcore');
    const answer = nextQueryAnswer(page);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const { queryId } = await answer;
    const popup = page.getByRole('dialog', { name: 'Rate this response' });
    await expect(popup).toBeVisible({ timeout: 30_000 });
    await page.route(`**/api/queries/${queryId}/rating`, (route) => route.fulfill({ status: 500, body: 'down' }));
    await popup.getByRole('button', { name: 'Extremely useful' }).click();
    await expect(page.getByTestId('toast')).toContainText('Failed to save your rating. Please try again.');
    await expect(popup).toBeVisible();
    // It can be closed.
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);
  });

  test('a blank submit sends nothing; a suggestion click runs its query at once', async ({ page, server }) => {
    const api = await signUpOnPlan(page, server, 4);
    await openLanding(page, server);
    const [board] = await api.boards();
    const suggestion = page.getByTestId('suggestions').getByRole('button').first();
    const text = (await suggestion.textContent())!;
    const calls = watchQueries(page);
    // Spec §5: Enter or Search on a blank box does nothing. The suggestion's query below is the page's first: had
    // a blank one been sent, it would come before it.
    await searchBox(page).fill('  \t ');
    await searchBox(page).press('Enter');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(indicator(page)).toHaveCount(0);
    await expect(landing(page)).toBeVisible();
    const answer = nextQueryAnswer(page);
    await suggestion.click();
    await answer;
    expect(calls).toEqual([{ query: text, boardId: board.id }]);
    await expect(page.getByTestId('search-compact')).toBeVisible({ timeout: 10_000 });
  });

  test("a refused query shows the server's message, goes back to hidden, and the message clears after 5 s", async ({
    page,
    server,
  }) => {
    const api = await signUpOnPlan(page, server, 4);
    // The query goes to a board that was deleted meanwhile: the server answers 404 with its message. (Deleting the
    // open board behind the page's back no longer works: the live stream tells the page, which moves on.)
    await api.call('POST', '/api/boards', { title: 'Untitled' });
    const doomed = await api.call<{ id: number }>('POST', '/api/boards', { title: 'Untitled' });
    await api.call('DELETE', `/api/boards/${doomed.id}`);
    await openLanding(page, server);
    await page.route(
      '**/api/gemini/process',
      (route) =>
        route.continue({
          postData: JSON.stringify({ ...(route.request().postDataJSON() as object), boardId: doomed.id }),
        }),
      { times: 1 },
    );

    await searchBox(page).fill('Piggy Bank offers');
    const failed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/gemini/process');
    await searchBox(page).press('Enter');
    const res = await failed;
    expect(res.status()).toBe(404);
    const { error } = (await res.json()) as { error: { message: string } };
    const line = page.getByTestId('search-error');
    await expect(line).toHaveText(error.message);
    const shownBy = Date.now();
    await expect(indicator(page)).toHaveCount(0);
    await expect(searchBox(page)).toBeEnabled();
    // It clears by itself after 5 s: not before (a wide margin below 5 s for a slow machine's lag in seeing it),
    // and without a tight deadline after.
    await expect(line).toHaveCount(0, { timeout: 20_000 });
    expect(Date.now() - shownBy).toBeGreaterThanOrEqual(3000);
  });

  test('at the monthly limit the user is told in red and sent to /billing after 2 s', async ({ page, server }) => {
    const api = await signUpOnPlan(page, server, 1);
    const board = await api.call<{ id: number }>('POST', '/api/boards', { title: 'Untitled' });
    const me = await api.call<{ monthly_limit: number }>('GET', '/api/auth/user');
    // Use up the free plan's searches through the real API; the next one is refused with limit_reached.
    for (let i = 0; i < me.monthly_limit; i++)
      await api.call('POST', '/api/gemini/process', { query: `Daily quests ${i}`, boardId: board.id });
    const refused = await page.request.post(server.url + '/api/gemini/process', {
      headers: { origin: server.url, 'content-type': 'application/json' },
      data: JSON.stringify({ query: 'one more', boardId: board.id }),
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('limit_reached');

    await page.goto(server.url + '/');
    const calls = watchQueries(page);
    await searchBox(page).fill('Loot boxes and gacha');
    await searchBox(page).press('Enter');
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Reached monthly limit; upgrade your plan');
    await expect(toast).toHaveClass(/toast-destructive/);
    const shownAt = Date.now();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.waitForURL('**/billing?from=limit');
    // Not at once (the 2 s, less the lag of seeing the toast on a loaded machine).
    expect(Date.now() - shownAt).toBeGreaterThan(500);
    expect(calls).toEqual([]);
  });
  test("the server's limit refusal (a search used up elsewhere meanwhile) is told in red and sent to /billing", async ({
    page,
    server,
  }) => {
    const api = await signUpOnPlan(page, server, 1);
    const board = await api.call<{ id: number }>('POST', '/api/boards', { title: 'Untitled' });
    const me = await api.call<{ monthly_limit: number }>('GET', '/api/auth/user');
    for (let i = 0; i < me.monthly_limit - 1; i++)
      await api.call('POST', '/api/gemini/process', { query: `Boosters ${i}`, boardId: board.id });
    await page.goto(server.url + '/');
    await expect(page.getByTestId('search-compact')).toBeVisible();

    // The usage read answers one search left; while it is on its way another tab spends that search, so the
    // page's check passes and the server is the one to refuse.
    await page.route('**/api/auth/user', async (route) => {
      const response = await route.fetch();
      await api.call('POST', '/api/gemini/process', { query: 'Leaderboards from another tab', boardId: board.id });
      await route.fulfill({ response });
    });
    const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/gemini/process');
    await searchBox(page).fill('Piggy Bank');
    await searchBox(page).press('Enter');
    expect((await refused).status()).toBe(403);
    await expect(page.getByTestId('toast')).toContainText('Reached monthly limit; upgrade your plan');
    await expect(indicator(page)).toHaveCount(0);
    await page.waitForURL('**/billing?from=limit');
  });

  test("a failed usage read aborts the query with 'Unable to verify usage limit'", async ({ page, server }) => {
    await signUpOnPlan(page, server, 4);
    await openLanding(page, server);
    const calls = watchQueries(page);
    await page.route('**/api/auth/user', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await searchBox(page).fill('Tournaments');
    await searchBox(page).press('Enter');
    await expect(page.getByTestId('toast')).toContainText('Unable to verify usage limit');
    await expect(indicator(page)).toHaveCount(0);
    await expect(landing(page)).toBeVisible();
    // Once the usage read answers again, the same query runs: it is the only one the page sent, so the aborted one
    // never was.
    await page.unroute('**/api/auth/user');
    const answer = nextQueryAnswer(page);
    await searchBox(page).press('Enter');
    await answer;
    expect(calls.map((c) => c.query)).toEqual(['Tournaments']);
  });
  test('a passed reset date is reset before the limit check, and the query then runs', async ({ page, server }) => {
    const api = await signUpOnPlan(page, server, 1);
    const me = await api.call<{ id: number; monthly_limit: number }>('GET', '/api/auth/user');
    await openLanding(page, server);
    // After the page has loaded, the month runs out in the database: usage at the limit, reset date yesterday.
    await runSql(server, 'UPDATE users SET usage_count = ?, usage_reset_date = ? WHERE id = ?', [
      me.monthly_limit,
      Date.now() - 86_400_000,
      me.id,
    ]);

    const reset = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/auth/reset-usage' && r.method() === 'POST',
    );
    const answer = nextQueryAnswer(page);
    await searchBox(page).fill('Starter Pack in Match-3');
    const shown = await watchIndicator(page);
    await searchBox(page).press('Enter');
    const proposed = new Date(((await reset).postDataJSON() as { newResetDate: string }).newResetDate).getTime();
    const days = (proposed - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await answer).success).toBe(true);
    const after = await api.call<{ usage_count: number; usage_reset_date: string }>('GET', '/api/auth/user');
    expect(after.usage_count).toBe(1);
    expect(new Date(after.usage_reset_date).getTime()).toBeGreaterThan(Date.now());
    await shown.succeeded();
    await expect(page.getByText('Reached monthly limit; upgrade your plan')).toHaveCount(0);
  });
});
