import fs from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { catalogueScreenshots } from './catalogue-fixtures';
import { openBoard, seedBoard, signUp, type WireSection } from './board-fixtures';
import { expect, test } from './fixtures';

/**
 * A PNG export draws clean cards — no gallery arrows, 'n/total' counters or 'Find similar'
 * bars, and no free-plan locked placeholders — and the page answers while a large one renders: a Cancel stops
 * it after the tile being drawn, not after the whole image.
 */

type Placed = WireSection & { locked?: boolean };
type Box = { x: number; y: number; width: number; height: number };

/** Two stored images that do not exist: the card shows the flat 'No image' gallery, its gallery chrome on top. */
const BROKEN = ['/api/storage/static/missing-export-1.webp', '/api/storage/static/missing-export-2.webp'];

async function openExport(page: Page) {
  await page.getByRole('toolbar', { name: 'Board controls' }).getByRole('button', { name: 'Export' }).click();
  return page.getByTestId('export-dialog');
}

/** The largest per-channel spread of the pixels in a box of the image (0 for one flat colour). */
async function spread(png: Buffer, box: Box): Promise<number> {
  const part = await sharp(png)
    .extract({
      left: Math.round(box.x),
      top: Math.round(box.y),
      width: Math.round(box.width),
      height: Math.round(box.height),
    })
    .png()
    .toBuffer();
  const { channels } = await sharp(part).stats();
  return Math.max(...channels.slice(0, 3).map((c) => c.stdev));
}

test("a free user's whole-board PNG has no locked placeholders and no hover chrome on its cards", async ({
  page,
  server,
}) => {
  const api = await signUp(page, server);
  const names = ['Shops', 'Offers', 'Events', 'Passes', 'Quests', 'Chat'];
  const seeded = await seedBoard(
    api,
    'Clean export',
    names,
    names.map((section) => ({ title: `${section} card`, section, images: BROKEN })),
  );
  await api.call('PATCH', '/api/user/plan', { planId: 1 });
  await openBoard(page, server);
  const sections = await api.call<Placed[]>('GET', `/api/sections?boardId=${seeded.boardId}`);
  const cards = await api.cards(seeded.boardId);
  expect(sections.some((s) => s.locked)).toBe(true);
  expect(cards.length).toBeGreaterThan(0);

  const dialog = await openExport(page);
  await expect(dialog.getByRole('radio', { name: 'Whole board' })).toBeChecked();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const png = fs.readFileSync((await (await download).path())!);
  const { width, height } = await sharp(png).metadata();

  // The image is the open sections (their cards inside) and a 24-unit margin, at 1×: no locked section in it.
  const open = sections.filter((s) => !s.locked);
  const x0 = Math.min(...open.map((s) => s.position.x)) - 24;
  const y0 = Math.min(...open.map((s) => s.position.y)) - 24;
  const x1 = Math.max(...open.map((s) => s.position.x + s.size.width)) + 24;
  const y1 = Math.max(...open.map((s) => s.position.y + s.size.height)) + 24;
  expect([width, height]).toEqual([Math.round(x1 - x0), Math.round(y1 - y0)]);

  // Where the board draws a card's previous / next buttons, its '1/2' counter and its 'Find similar' bar, the
  // image shows the plain gallery grey and the card's white (engine/model/card-layout.ts places them).
  for (const card of cards) {
    const at = (x: number, y: number, w: number, h: number): Box => ({
      x: card.position.x - x0 + x,
      y: card.position.y - y0 + y,
      width: w,
      height: h,
    });
    expect(await spread(png, at(14, 75, 26, 26)), `${card.title}: previous button`).toBeLessThan(2);
    expect(await spread(png, at(300, 75, 26, 26)), `${card.title}: next button`).toBeLessThan(2);
    expect(await spread(png, at(286, 14, 40, 18)), `${card.title}: counter`).toBeLessThan(2);
    expect(await spread(png, at(20, 265, 300, 12)), `${card.title}: Find similar bar`).toBeLessThan(2);
  }
});

test('a Cancel during a large PNG export stops it after the tile being drawn', async ({ page, server }) => {
  const api = await signUp(page, server);
  await seedBoard(
    api,
    'Large export',
    ['Shops'],
    catalogueScreenshots(4).map((image, i) => ({ title: `Shop ${i}`, section: 'Shops', images: [image] })),
  );
  await openBoard(page, server);
  const dialog = await openExport(page);
  await dialog.getByRole('radio', { name: 'Width' }).check();
  await dialog.getByRole('spinbutton', { name: 'Width' }).fill('8192');
  await expect(dialog.getByTestId('export-size')).toContainText('8192 ×');
  // How many tiles were drawn when the page handled the Cancel click (the app marks each tile it hands on).
  await page.evaluate(() => {
    const w = window as unknown as { tilesAtCancel?: number };
    document.addEventListener(
      'click',
      (e) => {
        if ((e.target as HTMLElement).textContent === 'Cancel')
          w.tilesAtCancel = performance.getEntriesByName('loot:export-png-tile').length;
      },
      true,
    );
  });
  const tiles = () => page.evaluate(() => performance.getEntriesByName('loot:export-png-tile').length);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect.poll(tiles, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByTestId('export-status')).toHaveText('Export cancelled');
  const atCancel = await page.evaluate(() => (window as unknown as { tilesAtCancel?: number }).tilesAtCancel);
  const [w, h] = ((await dialog.getByTestId('export-size').textContent()) ?? '').match(/\d+/g)!.map(Number);
  expect(atCancel).toBeDefined();
  // The click was answered while tiles were still to come, and at most the tile under way was finished after it.
  expect(atCancel!).toBeLessThan(Math.ceil(w / 1024) * Math.ceil(h / 1024));
  expect((await tiles()) - atCancel!).toBeLessThanOrEqual(1);
});

test("a PNG export leaves the board's colour beside each card's right edge, outside its border and rounded corners", async ({
  page,
  server,
}) => {
  const api = await signUp(page, server);
  // Vertical cards are 207.5 units wide: at 1× their right edge falls mid-pixel, where a stray white column showed.
  const seeded = await seedBoard(
    api,
    'Card edges',
    [],
    ['Tall one', 'Tall two'].map((title) => ({ title, orientation: 'vertical' as const, images: BROKEN })),
  );
  await openBoard(page, server);
  const cards = await api.cards(seeded.boardId);
  expect(cards.map((c) => c.orientation)).toEqual(['vertical', 'vertical']);

  const dialog = await openExport(page);
  await expect(dialog.getByRole('radio', { name: 'Whole board' })).toBeChecked();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const png = fs.readFileSync((await (await download).path())!);
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const at = (y * info.width + x) * info.channels;
    return [data[at], data[at + 1], data[at + 2]];
  };
  const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) <= 2);

  // The image is the cards and a 24-unit margin at 1×; its corner is the board's colour, not a card's white.
  const x0 = Math.min(...cards.map((c) => c.position.x)) - 24;
  const y0 = Math.min(...cards.map((c) => c.position.y)) - 24;
  const board = pixel(0, 0);
  expect(near(board, [255, 255, 255])).toBe(false);
  for (const card of cards) {
    const left = Math.round(card.position.x - x0);
    const top = Math.round(card.position.y - y0);
    // The card's last column is its border; the column after it, down the whole card, is the board.
    expect(near(pixel(left + 206, top + 215), board), `${card.title}: border column`).toBe(false);
    const column = Array.from({ length: 430 }, (_, i) => pixel(left + 207, top + i));
    const light = column.findIndex((p) => !near(p, board));
    expect(light, `${card.title}: first row beside the right edge that is not the board (${column[light]})`).toBe(-1);
  }
});
