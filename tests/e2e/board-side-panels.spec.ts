import type { Locator, Page } from '@playwright/test';
import { openBoard, seedBoard, signUp } from './board-fixtures';
import { expect, test } from './fixtures';

async function box(locator: Locator) {
  await expect(locator).toBeVisible();
  return (await locator.boundingBox())!;
}

/** Two boxes overlap when they share any area (touching edges do not). */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectApart(page: Page, panels: Locator[]) {
  const boxes = await Promise.all(panels.map(box));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++)
      expect(overlaps(boxes[i], boxes[j]), `${JSON.stringify(boxes[i])} over ${JSON.stringify(boxes[j])}`).toBe(false);
  }
  // Each one is whole inside the window.
  const window = page.viewportSize()!;
  for (const b of boxes) expect(b.y + b.height, JSON.stringify(b)).toBeLessThanOrEqual(window.height);
}

/** The rating popup, the '?' shortcuts panel and the find bar stack; none covers another. */
test.describe('floating panels on the board', () => {
  test("'Rate this response', the shortcuts panel and find on board stack one above another", async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    await seedBoard(api, 'Research', [], [{ title: 'Seed card' }]);
    await openBoard(page, server);

    const query = page.getByPlaceholder('e.g. "Starter Pack in Match-3"');
    const processed = page.waitForResponse((r) => r.url().endsWith('/api/gemini/process'));
    await query.fill('starter pack offers in match-3');
    await query.press('Enter');
    expect((await processed).ok()).toBe(true);
    const rating = page.getByRole('dialog', { name: 'Rate this response' });
    await expect(rating).toBeVisible({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Board help' }).click();
    const help = page.getByRole('dialog', { name: 'Board help' });
    await expectApart(page, [help, rating]);

    await page.keyboard.press('Control+f');
    const find = page.getByRole('search').filter({ has: page.getByRole('searchbox', { name: 'Find on board' }) });
    await expect(find).toBeVisible();
    await expectApart(page, [help, rating, find]);

    // A laptop-sized window: still apart, and whole.
    await page.setViewportSize({ width: 1100, height: 640 });
    await expectApart(page, [help, rating, find]);
  });
});
