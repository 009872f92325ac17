import type { Page } from '@playwright/test';
import { openBoard, seedBoard, signUp, worldPoint, type Api, type WireSection } from './board-fixtures';
import { expect, test } from './fixtures';
import { isLayoutSave, sendsOp } from './ops-fixtures';

/**
 * Resizing a section never covers the next one (the grip stops short of it), and Organize keeps
 * the size the user chose instead of silently putting the old one back.
 */

const sectionsOf = (api: Api, boardId: number) => api.call<WireSection[]>('GET', `/api/sections?boardId=${boardId}`);

/** Drags a section's bottom-right grip by (dx, dy) screen pixels and waits for the size save. */
async function dragGrip(page: Page, section: WireSection, dx: number, dy: number) {
  const corner = await worldPoint(page, {
    x: section.position.x + section.size.width - 4,
    y: section.position.y + section.size.height - 4,
  });
  // The engine shows the resize cursor once the grip is under the pointer (the layout may still be settling).
  await expect
    .poll(async () => {
      await page.mouse.move(corner.x - 1, corner.y - 1);
      await page.mouse.move(corner.x, corner.y);
      return page
        .getByTestId('board-canvas')
        .locator('canvas')
        .first()
        .evaluate((el) => el.style.cursor);
    })
    .toBe('nwse-resize');
  const saved = page.waitForResponse((r) => sendsOp(r.request(), 'section.resize'));
  await page.mouse.down();
  await page.mouse.move(corner.x + 20, corner.y + 20, { steps: 2 });
  await page.mouse.move(corner.x + dx, corner.y + dy, { steps: 8 });
  await page.mouse.up();
  expect((await saved).ok()).toBe(true);
}

test('a section resized toward its neighbour stops short of it, and Organize keeps the size chosen', async ({
  page,
  server,
}) => {
  const api = await signUp(page, server);
  const seeded = await seedBoard(
    api,
    'Resize',
    ['Shops', 'Passes'],
    [
      { title: 'Gem Shop', section: 'Shops' },
      { title: 'Battle Pass', section: 'Passes' },
    ],
  );
  await openBoard(page, server);
  const [shops, passes] = await sectionsOf(api, seeded.boardId).then((all) => [
    all.find((s) => s.title === 'Shops')!,
    all.find((s) => s.title === 'Passes')!,
  ]);
  expect(passes.position.x).toBeGreaterThan(shops.position.x + shops.size.width);

  // 300 px to the right would cover 'Passes' (60 px away): the grip stops short of it; the height is taken.
  await dragGrip(page, shops, 300, 150);
  await expect
    .poll(async () => (await sectionsOf(api, seeded.boardId)).find((s) => s.id === shops.id)!.size.height)
    .toBe(shops.size.height + 150);
  const resized = (await sectionsOf(api, seeded.boardId)).find((s) => s.id === shops.id)!;
  expect(resized.size.width).toBeGreaterThanOrEqual(shops.size.width);
  expect(resized.position.x + resized.size.width).toBeLessThanOrEqual(passes.position.x);

  // Organize keeps the size the user chose (its one card fits in it).
  const organized = page.waitForResponse((r) => isLayoutSave(r.request()));
  await page.getByRole('button', { name: 'Organize Cards' }).click();
  expect((await organized).ok()).toBe(true);
  const after = await sectionsOf(api, seeded.boardId);
  expect(after.find((s) => s.id === shops.id)!.size).toEqual(resized.size);
  const shopsAfter = after.find((s) => s.id === shops.id)!;
  const passesAfter = after.find((s) => s.id === passes.id)!;
  expect(passesAfter.position.x).toBeGreaterThanOrEqual(shopsAfter.position.x + shopsAfter.size.width);
});
