import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { catalogueScreenshots } from './catalogue-fixtures';
import { openBoard, seedBoard, signUp, type WireCard } from './board-fixtures';
import { expect, test } from './fixtures';

/**
 * Issue 20 "A readable overview": at Zoom to Fit on a 20-card board the cards, at rest, show their real
 * thumbnails (not flat blocks); the level of detail follows the card's size on screen.
 */

type Box = { x: number; y: number; width: number; height: number };
type Inspection = { level: string | null; baked: boolean; image: string; screenRect: Box };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lootExposeEngine', '1'));
});

const inspect = (page: Page, id: number) =>
  page.evaluate((cardId) => (window as unknown as { __lootBoardEngine: { inspectCard(id: number): Inspection | null } }).__lootBoardEngine.inspectCard(cardId), id);

/** Spread of the pixel values in a rectangle of the page (0 for a flat colour). */
async function spread(page: Page, r: Box): Promise<number> {
  const png = await page.screenshot({ clip: r });
  const stats = await sharp(png).stats();
  return Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev));
}

test('Zoom to Fit on a 20-card board shows real thumbnails at rest, not flat colour', async ({ page, server }) => {
  const api = await signUp(page, server);
  const images = catalogueScreenshots(20);
  expect(images).toHaveLength(20);
  const seeded = await seedBoard(
    api,
    'Overview',
    ['Shops', 'Passes', 'Events', 'Offers'],
    images.map((img, i) => ({ title: `Reference ${i + 1}`, section: ['Shops', 'Passes', 'Events', 'Offers'][i % 4], images: [img], tags: ['Shop', 'Offers'] })),
  );
  await openBoard(page, server);
  await page.getByRole('button', { name: 'Zoom to Fit' }).click();
  const canvas = page.getByTestId('board-canvas');
  await expect.poll(async () => Number(await canvas.getAttribute('data-zoom'))).toBeLessThan(0.45);

  const cards = await api.cards(seeded.boardId);
  // At rest every card is baked as a thumbnail with its image loaded.
  await expect
    .poll(async () => {
      const all = await Promise.all(cards.map((c: WireCard) => inspect(page, c.id)));
      return all.every((i) => i !== null && i.baked && i.image === 'ready' && i.level !== 'dot');
    }, { timeout: 30_000 })
    .toBe(true);

  const box = (await canvas.boundingBox())!;
  for (const card of cards) {
    const { screenRect: r } = (await inspect(page, card.id))!;
    // The gallery part of the card: its top half, inside its border.
    const clip = { x: box.x + r.x + r.width * 0.1, y: box.y + r.y + r.height * 0.08, width: Math.max(4, r.width * 0.8), height: Math.max(4, r.height * 0.45) };
    expect(await spread(page, clip), card.title).toBeGreaterThan(8);
  }
});
