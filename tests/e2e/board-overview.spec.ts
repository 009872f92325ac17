import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { catalogueScreenshots } from './catalogue-fixtures';
import { openBoard, seedBoard, signUp, type WireCard, type WireSection } from './board-fixtures';
import { exposeEngine, inspectCard } from './engine-fixtures';
import { expect, test } from './fixtures';

/**
 * "A readable overview": at Zoom to Fit on a 20-card board the cards, at rest, show their real
 * thumbnails (not flat blocks); the level of detail follows the card's size on screen.
 */

type Box = { x: number; y: number; width: number; height: number };

test.beforeEach(async ({ page }) => {
  await exposeEngine(page);
});

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
    images.map((img, i) => ({
      title: `Reference ${i + 1}`,
      section: ['Shops', 'Passes', 'Events', 'Offers'][i % 4],
      images: [img],
      tags: ['Shop', 'Offers'],
    })),
  );
  await openBoard(page, server);
  await page.getByRole('button', { name: 'Zoom to Fit' }).click();
  const canvas = page.getByTestId('board-canvas');
  await expect.poll(async () => Number(await canvas.getAttribute('data-zoom'))).toBeLessThan(0.45);

  // At rest every card is baked as a thumbnail with its image loaded, and the canvas shows its picture.
  await expectPictures(page, await api.cards(seeded.boardId));
});

/** Every card at rest is baked with its image (a thumbnail or a full card, not a flat block) and shows a picture. */
async function expectPictures(page: Page, cards: WireCard[]) {
  await expect
    .poll(
      async () => {
        const all = await Promise.all(cards.map((c) => inspectCard(page, c.id)));
        return all.map((i) =>
          i === null ? 'missing' : `${i.level}${i.baked ? '' : ' unbaked'}${i.image === 'ready' ? '' : ` ${i.image}`}`,
        );
      },
      { timeout: 30_000 },
    )
    .toEqual(cards.map(() => expect.stringMatching(/^(thumb|thumb-small|full|full-2x)$/)));
  const box = (await page.getByTestId('board-canvas').boundingBox())!;
  // Read until the canvas shows it: the engine's state says a card is baked with its image a frame before the canvas
  // has drawn it, and the camera may still be easing to the zoom the label already reads (a loaded CI machine once
  // read the rectangle of a frame before: 5.5).
  for (const card of cards) {
    await expect
      .poll(
        async () => {
          const { screenRect: r } = (await inspectCard(page, card.id))!;
          const clip = {
            x: box.x + r.x + r.width * 0.1,
            y: box.y + r.y + r.height * 0.08,
            width: Math.max(4, r.width * 0.8),
            height: Math.max(4, r.height * 0.45),
          };
          return spread(page, clip);
        },
        { message: card.title, timeout: 15_000 },
      )
      .toBeGreaterThan(8);
  }
}

test.describe('low-spec overview', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lootLowSpecMode', '1'));
  });

  test('at 20% the cards are thumbnails, not plain colour blocks', async ({ page, server }) => {
    const api = await signUp(page, server);
    const images = catalogueScreenshots(6);
    const seeded = await seedBoard(
      api,
      'Overview',
      ['Shops'],
      images.map((img, i) => ({ title: `Reference ${i + 1}`, section: 'Shops', images: [img] })),
    );
    await openBoard(page, server);
    const canvas = page.getByTestId('board-canvas');
    await expect(canvas).toHaveAttribute('data-low-spec', 'true');
    while ((await page.getByTestId('zoom-percent').textContent()) !== '20%') await page.keyboard.press('Minus');
    await expectPictures(page, await api.cards(seeded.boardId));
  });

  test("Zoom to Fit on a free user's board frames the open cards, not the locked placeholders", async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const names = ['Shops', 'Offers', 'Events', 'Passes', 'Quests', 'Chat'];
    const images = catalogueScreenshots(names.length);
    const seeded = await seedBoard(
      api,
      'Free overview',
      names,
      names.map((section, i) => ({ title: `${section} card`, section, images: [images[i]] })),
    );
    // Back on Free: about half the sections lock, their cards hidden (spec accounts §4).
    await api.call('PATCH', '/api/user/plan', { planId: 1 });
    await openBoard(page, server);
    const sections = await api.call<(WireSection & { locked?: boolean })[]>(
      'GET',
      `/api/sections?boardId=${seeded.boardId}`,
    );
    const cards = await api.cards(seeded.boardId);
    expect(sections.some((s) => s.locked)).toBe(true);
    expect(cards.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Zoom to Fit' }).click();
    // What Fit frames: the open sections (their cards sit inside), 40 px of padding around, at most zoom 1.
    const open = sections.filter((s) => !s.locked);
    const x0 = Math.min(...open.map((s) => s.position.x));
    const y0 = Math.min(...open.map((s) => s.position.y));
    const x1 = Math.max(...open.map((s) => s.position.x + s.size.width));
    const y1 = Math.max(...open.map((s) => s.position.y + s.size.height));
    const box = (await page.getByTestId('board-canvas').boundingBox())!;
    const expected = Math.min(1, (box.width - 80) / (x1 - x0), (box.height - 80) / (y1 - y0));
    const canvas = page.getByTestId('board-canvas');
    await expect.poll(async () => Number(await canvas.getAttribute('data-zoom'))).toBeCloseTo(expected, 3);
    await expectPictures(page, cards);
  });
});
