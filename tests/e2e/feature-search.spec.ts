import type { Page } from '@playwright/test';
import { toast } from './board-fixtures';
import { continueAsDevUser, signUpAs } from './account-fixtures';
import { expect, test } from './fixtures';

/** The /feature-search page (spec accounts §2, §4, §7, §9). */

type Filters = { featureTags?: string[]; genres?: string[]; games?: string[] };
type SearchPage = {
  features: { id: number; feature_screen_name: string; game_name: string }[];
  hasMore: boolean;
  nextCursor: number | null;
};

async function search(page: Page, url: string, filters: Filters, cursor?: number): Promise<SearchPage> {
  const res = await page.request.post(url + '/api/feature-search', {
    headers: { origin: url, 'content-type': 'application/json' },
    data: { filters, limit: 35, ...(cursor ? { cursor } : {}) },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as SearchPage;
}

const cards = (page: Page) => page.getByTestId('feature-card');

test.describe('feature search', () => {
  test('filters are read from the URL on load and kept in sync with it, replacing history', async ({
    page,
    server,
  }) => {
    await signUpAs(page, server, { planId: 4 });
    await page.goto(server.url + '/');
    await page.goto(server.url + '/feature-search?features=Monetization:Offers&genres=Puzzle');
    const chips = page.getByTestId('filter-chips');
    await expect(chips.locator('.fs-chip')).toHaveText(['Offers', 'Puzzle']);
    await expect(page.getByRole('radio', { name: 'Genres' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('button', { name: 'Puzzle', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page).first()).toBeVisible();
    const historyLength = await page.evaluate(() => history.length);

    // A sub-tag from the Features card (expanding one category closes the other).
    await page.getByRole('button', { name: /^Monetization/ }).click();
    await page.getByRole('list', { name: 'Monetization' }).getByRole('button', { name: 'Shop' }).click();
    await expect(page).toHaveURL(/features=Monetization%3AOffers%2CMonetization%3AShop&genres=Puzzle$/);
    await page.getByRole('button', { name: 'ADS', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Monetization' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'ADS' })).toBeVisible();

    // A tier is a genre filter too.
    await page.getByRole('button', { name: 'Casual', exact: true }).click();
    await expect(page).toHaveURL(/genres=Puzzle%2CCasual$/);

    // Game mode: picking a game clears the genres; only the active mode's list is in the URL and the request.
    await page.getByRole('radio', { name: 'Game' }).click();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/feature-search') && r.method() === 'POST');
    await page.getByRole('combobox').fill('royal');
    await page.getByRole('listbox').getByRole('button', { name: 'Royal Match' }).click();
    expect((await request).postDataJSON().filters).toEqual({
      featureTags: ['Monetization:Offers', 'Monetization:Shop'],
      games: ['Royal Match'],
    });
    await expect(page).toHaveURL(/features=Monetization%3AOffers%2CMonetization%3AShop&games=Royal\+Match$/);
    await expect(page.getByRole('combobox')).toHaveValue('');

    // Back in Genres mode a genre clears the games.
    await page.getByRole('radio', { name: 'Genres' }).click();
    await page.getByRole('button', { name: 'Arcade', exact: true }).click();
    await expect(page).toHaveURL(/genres=Arcade$/);
    await expect(page).not.toHaveURL(/games=/);

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(server.url + '/feature-search');
    await expect(page.getByText('Select filters from the sidebar to begin')).toBeVisible();
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    // games in the URL picks Game mode.
    await page.goto(server.url + '/feature-search?games=Royal%20Match');
    await expect(page.getByRole('radio', { name: 'Game' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('list', { name: 'Selected games' })).toContainText('Royal Match');
    await expect(cards(page).first()).toContainText('Royal Match');
  });

  test('infinite scroll loads the next page of 35 when the sentinel shows', async ({ page, server }) => {
    await signUpAs(page, server, { planId: 4 });
    const first = await search(page, server.url, { genres: ['Puzzle'] });
    expect(first.hasMore).toBe(true);
    const second = await search(page, server.url, { genres: ['Puzzle'] }, first.nextCursor!);
    let answer!: () => void;
    const held = new Promise<void>((r) => (answer = r));
    await page.route('**/api/feature-search', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.goto(server.url + '/feature-search?genres=Puzzle');
    // Skeletons while the first page loads.
    await expect(page.getByTestId('feature-skeletons').locator('li')).not.toHaveCount(0);
    answer();
    await expect(cards(page)).toHaveCount(35);
    await expect(cards(page).first()).toContainText(first.features[0].feature_screen_name);
    const next = page.waitForRequest(
      (r) => r.url().endsWith('/api/feature-search') && r.postDataJSON()?.cursor === first.nextCursor,
    );
    await page.getByTestId('results-sentinel').scrollIntoViewIfNeeded();
    expect((await next).postDataJSON().limit).toBe(35);
    await expect(cards(page)).toHaveCount(35 + second.features.length);
    await expect(cards(page).nth(35)).toContainText(second.features[0].feature_screen_name);
  });

  test('a free user sees the first planLimitReached features, then 3 locked Premium Feature placeholders', async ({
    page,
    server,
  }) => {
    await signUpAs(page, server);
    const res = await page.request.post(server.url + '/api/feature-search', {
      headers: { origin: server.url, 'content-type': 'application/json' },
      data: { filters: { genres: ['Puzzle'] }, limit: 35 },
    });
    const body = (await res.json()) as {
      features: unknown[];
      isPlanLimited: boolean;
      planLimitReached: number;
      totalMatches: number;
    };
    expect(body.isPlanLimited).toBe(true);
    expect(body.totalMatches).toBeGreaterThan(body.planLimitReached);
    await page.goto(server.url + '/feature-search?genres=Puzzle');
    await expect(cards(page)).toHaveCount(body.planLimitReached);
    // What is held back is counted, with the way to see it.
    const count = page.getByTestId('plan-limit-count');
    await expect(count).toHaveText(`${body.planLimitReached} of ${body.totalMatches} — upgrade to see all`);
    await expect(count.getByRole('link', { name: 'upgrade to see all' })).toHaveAttribute('href', '/billing');
    const locked = page.getByTestId('locked-feature');
    await expect(locked).toHaveCount(3);
    await expect(locked.first()).toContainText('Premium Feature');
    await expect(page.getByTestId('results-sentinel')).toHaveCount(0);
    await locked.first().getByRole('button', { name: 'Upgrade Plan to Unlock' }).click();
    await expect(page).toHaveURL(server.url + '/billing');
  });

  test('empty results, the game dropdown, the carousel and the lightbox', async ({ page, server }) => {
    await signUpAs(page, server, { planId: 2 });
    // A pair of filters the catalogue has nothing for (checked through the API first).
    const none: Filters = { featureTags: ['Narrative:Choices'], games: ['Block Blast!'] };
    expect((await search(page, server.url, none)).features).toHaveLength(0);
    await page.goto(server.url + '/feature-search?features=Narrative:Choices&games=Block%20Blast!');
    await expect(page.getByText('No features found. Try changing your filters.')).toBeVisible();

    await page.goto(server.url + '/feature-search');
    await page.getByRole('radio', { name: 'Game' }).click();
    // With no game chosen the popular games are suggested.
    const suggestions = page.getByRole('list', { name: 'Suggestions' });
    await expect(suggestions.getByRole('button')).not.toHaveCount(0);
    const box = page.getByRole('combobox');
    await box.focus();
    await expect(page.getByRole('listbox')).toBeVisible();
    await box.fill('  CANDY ');
    const options = page.getByRole('listbox').getByRole('button');
    await expect(options).toHaveText(['Candy Crush Saga']);
    // Leaving the box closes the dropdown (after 150 ms).
    await page.getByRole('heading', { name: 'Features' }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await box.fill('candy');
    await options.first().click();
    // Picking a game closes the list, which would otherwise cover the results.
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(box).toBeFocused();
    await expect(suggestions).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Selected games' })).toContainText('Candy Crush Saga');
    await box.fill('candy');
    await expect(page.getByRole('listbox')).toContainText('No games found');

    const card = cards(page)
      .filter({ has: page.getByRole('button', { name: 'Next screenshot' }) })
      .first();
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: 'Screenshot 1', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await card.hover();
    await card.getByRole('button', { name: 'Next screenshot' }).click();
    await expect(card.getByRole('button', { name: 'Screenshot 2', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    const title = (await card.locator('.fs-feature-title').textContent())!;
    await card.locator('.fs-carousel-image').click();
    const lightbox = page.getByRole('dialog', { name: title });
    await expect(lightbox).toBeVisible();
    await expect(lightbox).toContainText('Candy Crush Saga');
    await expect(lightbox).toContainText('Short Description');
    await expect(lightbox.getByTestId('lightbox-detailed')).not.toBeEmpty();
    await expect(lightbox.getByRole('link', { name: /Open the game page/ })).toHaveAttribute('href', /^https:\/\//);
    await expect(lightbox.getByRole('img', { name: 'Screenshot 2' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);
  });

  test('a result is added as a card to a chosen board', async ({ page, server }) => {
    const { api } = await signUpAs(page, server, { planId: 2 });
    const target = await api.call<{ id: number }>('POST', '/api/boards', { title: 'Research' });
    await api.call('POST', '/api/boards', { title: 'Another board' });
    await page.goto(server.url + '/feature-search?genres=Casino');
    const card = cards(page).first();
    const title = (await card.locator('.fs-feature-title').textContent())!;
    await card.getByRole('button', { name: `Add to board: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to board' });
    await dialog.getByLabel('Board').selectOption({ label: 'Research' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page)).toContainText('Card Created');
    await expect(dialog).toHaveCount(0);
    const added = await api.cards(target.id);
    expect(added.map((c) => c.title)).toEqual([title]);
  });

  test('a guest is sent to login and comes back to the same search; the new! badge hides once seen', async ({
    page,
    server,
  }) => {
    await page.goto(server.url + '/feature-search?genres=Puzzle');
    // On localhost the login page offers the dev login, which returns to the kept path and query.
    await continueAsDevUser(page);
    await expect(page).toHaveURL(server.url + '/feature-search?genres=Puzzle');
    await expect(cards(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Back to Boards' }).click();
    await expect(page).toHaveURL(server.url + '/');
    await expect(page.getByTestId('sidebar').getByRole('button', { name: 'Feature Search' })).toBeVisible();
    await expect(page.getByTestId('feature-search-new-badge')).toHaveCount(0);
  });

  test('the sidebar shows the Feature Search new! badge until the page is visited', async ({ page, server }) => {
    await signUpAs(page, server);
    await page.goto(server.url + '/');
    const button = page.getByTestId('sidebar').getByRole('button', { name: /Feature Search/ });
    await expect(button.getByTestId('feature-search-new-badge')).toHaveText('new!');
    await button.click();
    await expect(page).toHaveURL(server.url + '/feature-search');
    await page.getByRole('button', { name: 'Back to Boards' }).click();
    await expect(page.getByTestId('feature-search-new-badge')).toHaveCount(0);
  });
});
