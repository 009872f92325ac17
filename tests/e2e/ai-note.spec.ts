import { cardPoint, openBoard, seedBoard, signUp } from './board-fixtures';
import { expect, test } from './fixtures';
import { isLayoutSave } from './ops-fixtures';

const NOTE = 'The data is collected automatically by AI and may not be accurate.';

/**
 * Spec accounts §1: the AI-accuracy note shows, small and quiet, on every screen that shows
 * catalogue data, not only on the landing search.
 */
test('the AI-accuracy note is on the board, the viewer, bookmarks, collections and feature search', async ({
  page,
  server,
}) => {
  // Five screens in one walk: on a loaded CI machine it needs more than one test's usual minute.
  test.slow();
  const api = await signUp(page, server);
  const seeded = await seedBoard(
    api,
    'Offers',
    [],
    [{ title: 'Starter Pack', game: 'Royal Match', images: ['/api/storage/a.webp'], isBookmarked: 1 }],
  );
  // The board's first read and layout are slow on a loaded machine: wait for them longer, then open it as usual.
  const firstLayout = page.waitForResponse((r) => isLayoutSave(r.request()), { timeout: 30_000 });
  await page.goto(server.url + '/');
  await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-cards', '1', { timeout: 30_000 });
  expect((await firstLayout).ok()).toBe(true);
  await openBoard(page, server, { expectLayout: false });
  const main = page.locator('main.board-main');
  const note = main.getByTestId('ai-footer');
  await expect(note).toHaveText(NOTE);
  // Small and quiet, and never in the pointer's way.
  const style = await note.evaluate((el) => ({
    size: parseFloat(getComputedStyle(el).fontSize),
    events: getComputedStyle(el).pointerEvents,
  }));
  expect(style.size).toBeLessThanOrEqual(12);
  expect(style.events).toBe('none');

  const [card] = await api.cards(seeded.boardId);
  const image = await cardPoint(page, card, 170, 80);
  await page.mouse.click(image.x, image.y);
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByTestId('ai-footer')).toHaveText(NOTE);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  const sidebar = page.getByTestId('sidebar');
  await sidebar.getByRole('button', { name: 'Bookmarks' }).click();
  await expect(page.getByRole('heading', { name: 'My Bookmarks' })).toBeVisible();
  await expect(main.getByTestId('ai-footer')).toHaveText(NOTE);

  await page.goto(server.url + '/collections');
  const collections = page.getByTestId('collections-view');
  await expect(collections.getByTestId('ai-footer')).toHaveText(NOTE);

  await page.goto(server.url + '/feature-search?genres=Puzzle');
  await expect(page.getByTestId('feature-results')).toBeVisible();
  await expect(page.locator('main.fs-main').getByTestId('ai-footer')).toHaveText(NOTE);
  const first = page.getByTestId('feature-results').locator('.fs-carousel-image').first();
  await first.click();
  await expect(page.getByRole('dialog').getByTestId('ai-footer')).toHaveText(NOTE);
});
