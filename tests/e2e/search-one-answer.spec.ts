import { exposeEngine } from './engine-fixtures';
import { toast } from './board-fixtures';
import { expect, test } from './fixtures';
import { openLanding, searchBox, signUpOnPlan, watchIndicator } from './search-fixtures';

/**
 * A query answers with the finished board's new part. From submit to the cards on screen the
 * page makes at most 3 API requests (the usage read, a due reset, the query), and no layout write follows it.
 * The "Untitled" board it fills is named after the query, and the user can take that back.
 */
type ApiCall = { path: string; start: number };

test('a query draws its cards after at most 3 requests, and no layout is written after it', async ({
  page,
  server,
}) => {
  const api = await signUpOnPlan(page, server, 4);
  // Every request the page makes stays in its resource timings (the default buffer holds 250).
  await page.addInitScript(() => performance.setResourceTimingBufferSize(100_000));
  await exposeEngine(page);
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/'))
      writes.push(`${r.method()} ${new URL(r.url()).pathname} ${r.postData() ?? ''}`);
  });
  await openLanding(page, server);
  await expect
    .poll(() =>
      page.evaluate(() => 'on' in ((window as unknown as { __lootBoardEngine?: object }).__lootBoardEngine ?? {})),
    )
    .toBe(true);
  // The moment the engine first holds cards: the results are on screen.
  await page.evaluate(() => {
    const w = window as unknown as {
      __drawnAt: number | null;
      __lootBoardEngine: { on(e: 'contentChange', fn: (p: { cards: number }) => void): void };
    };
    w.__drawnAt = null;
    w.__lootBoardEngine.on('contentChange', ({ cards }) => {
      if (cards > 0 && w.__drawnAt === null) w.__drawnAt = performance.now();
    });
  });
  await searchBox(page).fill('Starter Pack in Match-3');
  const submitAt = await page.evaluate(() => performance.now());
  writes.length = 0;
  const shown = await watchIndicator(page);
  await searchBox(page).press('Enter');
  await shown.succeeded();
  await expect(page.getByRole('dialog', { name: 'Rate this response' })).toBeVisible({ timeout: 15_000 });

  const { drawnAt, calls } = await page.evaluate(() => {
    const isApi = (path: string) =>
      path.startsWith('/api/') && !path.startsWith('/api/storage/') && !path.endsWith('/events');
    const calls = performance
      .getEntriesByType('resource')
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }))
      .filter((c) => isApi(c.path));
    return { drawnAt: (window as unknown as { __drawnAt: number | null }).__drawnAt, calls };
  });
  expect(drawnAt, 'the engine received the cards').not.toBeNull();
  const toCards = calls.filter((c: ApiCall) => c.start >= submitAt && c.start <= drawnAt!).map((c) => c.path);
  expect(toCards).toContain('/api/gemini/process');
  expect(toCards.length, toCards.join(', ')).toBeLessThanOrEqual(3);
  // The server placed them: nothing lays the board out again, and the cards are where the answer put them.
  expect(
    writes.filter((w) => /\/layout |board\.organize|layout\.set/.test(w)),
    writes.join('\n'),
  ).toEqual([]);
  const [board] = await api.boards();
  expect((await api.cards(board.id)).length).toBeGreaterThan(0);
});

test('the first query names an "Untitled" board after itself; Undo gives the name back', async ({ page, server }) => {
  const api = await signUpOnPlan(page, server, 4);
  await openLanding(page, server);
  const [board] = await api.boards();
  expect(board.title).toMatch(/^Untitled/);
  await searchBox(page).fill('  Starter Pack\n in Match-3 ');
  const shown = await watchIndicator(page);
  await searchBox(page).press('Enter');
  await shown.succeeded();
  const list = page.getByRole('navigation', { name: 'Boards' });
  await expect(list.getByRole('button', { name: 'Starter Pack in Match-3', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
  const named = page.getByTestId('toast').filter({ hasText: 'Board named after your search' });
  await expect(named).toContainText('“Starter Pack in Match-3”');
  await named.getByRole('button', { name: 'Undo' }).click();
  await expect(list.getByRole('button', { name: board.title, exact: true })).toHaveAttribute('aria-current', 'true');
  await expect.poll(async () => (await api.boards()).find((b) => b.id === board.id)?.title).toBe(board.title);
  await expect(toast(page).filter({ hasText: 'Undone' })).toContainText('Rename board');
  // A second query keeps the name the user has.
  await searchBox(page).fill('Battle pass');
  const again = await watchIndicator(page);
  await searchBox(page).press('Enter');
  await again.succeeded();
  expect((await api.boards()).find((b) => b.id === board.id)?.title).toBe(board.title);
});
