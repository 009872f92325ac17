import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { openBoard, seedBoard, signUp, worldPoint, type WireSection } from './board-fixtures';
import { expect, test } from './fixtures';

/** A section's colour is changed from its right-click menu (the spec's palette), drawn, and undoable. */

async function pixelAt(page: Page, p: { x: number; y: number }): Promise<[number, number, number]> {
  const png = await page.screenshot({ clip: { x: Math.round(p.x), y: Math.round(p.y), width: 1, height: 1 } });
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return [data[0], data[1], data[2]];
}

test('the section menu recolours a section from the palette; the board draws it; Ctrl+Z puts the old colour back', async ({
  page,
  server,
}) => {
  const api = await signUp(page, server);
  const seeded = await seedBoard(api, 'Board', ['Shops'], [{ title: 'Gem Shop', section: 'Shops' }]);
  await openBoard(page, server);
  const sectionUrl = `/api/sections?boardId=${seeded.boardId}`;
  const [section] = await api.call<(WireSection & { color: string })[]>('GET', sectionUrl);
  expect(section.color).toBe('#FDE2E4');
  // A point of the section's body right of its card (the card is 340 wide, 25 in).
  const body = await worldPoint(page, {
    x: section.position.x + section.size.width - 15,
    y: section.position.y + section.size.height - 15,
  });
  const before = await pixelAt(page, body);

  await page.mouse.click(body.x, body.y, { button: 'right' });
  const menu = page.getByRole('menu', { name: 'Section Shops' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio')).toHaveCount(8);
  await expect(menu.getByRole('menuitemradio', { name: 'Rose' })).toHaveAttribute('aria-checked', 'true');
  await menu.getByRole('menuitemradio', { name: 'Lavender' }).click();
  await expect(menu).toHaveCount(0);
  await expect.poll(async () => (await api.call<{ color: string }[]>('GET', sectionUrl))[0].color).toBe('#EAD9FF');
  await expect.poll(() => pixelAt(page, body)).not.toEqual(before);
  const lavender = await pixelAt(page, body);
  // Lavender is bluer than Rose.
  expect(lavender[2]).toBeGreaterThan(before[2]);

  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await api.call<{ color: string }[]>('GET', sectionUrl))[0].color).toBe('#FDE2E4');
  await expect.poll(() => pixelAt(page, body)).toEqual(before);

  // Rename is in the same menu.
  await page.mouse.click(body.x, body.y, { button: 'right' });
  await menu.getByRole('menuitem', { name: 'Rename…' }).click();
  await expect(page.getByRole('dialog', { name: 'Enter new section title' })).toBeVisible();
});
