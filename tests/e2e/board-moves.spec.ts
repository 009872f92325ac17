import type { Page } from '@playwright/test';
import {
  cardPoint,
  openCardMenu,
  hoverCard,
  openBoard,
  seedBoard,
  signUp,
  toast,
  worldPoint,
  type Api,
  type WireCard,
  type WireSection,
} from './board-fixtures';
import { drawnCardRect, exposeEngine } from './engine-fixtures';
import { expect, test } from './fixtures';
import { isLayoutSave } from './ops-fixtures';

/**
 * "Moves that really move": any change of a card's section lays the board out again around it (checked
 * on the drawn board through the engine's test hook), moves to another board close the hole, drops never leave
 * cards overlapping, and section drags hold on a board of several sections across a reload.
 */

type Box = { x: number; y: number; width: number; height: number };
const CARD = { width: 340, height: 280 };

test.beforeEach(async ({ page }) => {
  await exposeEngine(page);
});

/** The section's rectangle on screen, canvas-local, from its saved world box and the live camera. */
async function sectionScreenRect(page: Page, s: WireSection): Promise<Box> {
  const canvas = (await page.getByTestId('board-canvas').boundingBox())!;
  const a = await worldPoint(page, s.position);
  const b = await worldPoint(page, { x: s.position.x + s.size.width, y: s.position.y + s.size.height });
  return { x: a.x - canvas.x, y: a.y - canvas.y, width: b.x - a.x, height: b.y - a.y };
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function sectionsOf(api: Api, boardId: number) {
  return api.call<WireSection[]>('GET', `/api/sections?boardId=${boardId}`);
}

/** Polls until the card is drawn inside the section as saved. */
async function expectDrawnInside(page: Page, api: Api, boardId: number, cardId: number, sectionId: number) {
  await expect
    .poll(async () => {
      const section = (await sectionsOf(api, boardId)).find((s) => s.id === sectionId)!;
      const rect = await drawnCardRect(page, cardId);
      return rect !== null && inside(rect, await sectionScreenRect(page, section));
    })
    .toBe(true);
}

function assertNoOverlap(cards: WireCard[]) {
  const boxes = cards.map((c) => ({
    ...c.position,
    ...(c.orientation === 'vertical' ? { width: 207.5, height: 430 } : CARD),
  }));
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      expect(overlap(boxes[i], boxes[j]), `${cards[i].title} / ${cards[j].title}`).toBe(false);
}

test.describe('moves that really move', () => {
  test("the context menu's section choice moves the card into that section on the board, saved once; undo moves it back", async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Board',
      ['Shops', 'Passes'],
      [
        { title: 'Gem Shop', section: 'Shops' },
        { title: 'Coin Shop', section: 'Shops' },
        { title: 'Gold Pass', section: 'Passes' },
      ],
    );
    await openBoard(page, server);
    const gem = (await api.card(seeded.boardId, seeded.cards['Gem Shop'].id))!;
    const layoutSaves: string[] = [];
    page.on('request', (r) => isLayoutSave(r) && layoutSaves.push(r.url()));

    await (await openCardMenu(page, gem)).getByRole('menuitemradio', { name: 'Passes' }).click();
    await expect(toast(page)).toContainText('Card added to section');
    await expectDrawnInside(page, api, seeded.boardId, gem.id, seeded.sections.Passes.id);
    expect(layoutSaves).toHaveLength(1);
    const after = await api.cards(seeded.boardId);
    assertNoOverlap(after);
    // The hole it left is closed: Coin Shop took the first slot of Shops.
    expect(after.find((c) => c.title === 'Coin Shop')!.position).toEqual(gem.position);

    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await api.card(seeded.boardId, gem.id))?.sectionId).toBe(seeded.sections.Shops.id);
    await expectDrawnInside(page, api, seeded.boardId, gem.id, seeded.sections.Shops.id);
    expect((await api.card(seeded.boardId, gem.id))!.position).toEqual(gem.position);

    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await api.card(seeded.boardId, gem.id))?.sectionId).toBe(seeded.sections.Passes.id);
    await expectDrawnInside(page, api, seeded.boardId, gem.id, seeded.sections.Passes.id);
  });

  test('the Move dialog moves the card into the chosen section on the board; to another board it closes the hole', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const archive = await seedBoard(api, 'Archive', [], []);
    const seeded = await seedBoard(
      api,
      'Board',
      ['Shops', 'Passes'],
      [
        { title: 'Gem Shop', section: 'Shops' },
        { title: 'Coin Shop', section: 'Shops' },
        { title: 'Starter', section: 'Shops' },
      ],
    );
    await openBoard(page, server);
    const [gem, coin, starter] = ['Gem Shop', 'Coin Shop', 'Starter'].map((t) => seeded.cards[t].id);
    const before = await api.cards(seeded.boardId);
    const pos = (id: number, list: WireCard[]) => list.find((c) => c.id === id)!.position;

    await (await hoverCard(page, { position: pos(coin, before) })).getByRole('button', { name: 'Move' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move card' });
    await dialog.getByLabel('Section').selectOption({ label: 'Passes' });
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(toast(page)).toContainText('Card moved');
    await expectDrawnInside(page, api, seeded.boardId, coin, seeded.sections.Passes.id);
    await expect.poll(async () => pos(starter, await api.cards(seeded.boardId))).toEqual(pos(coin, before));
    assertNoOverlap(await api.cards(seeded.boardId));

    // To another board: the card that followed it in Shops closes up.
    await (await hoverCard(page, { position: pos(gem, before) })).getByRole('button', { name: 'Move' }).click();
    await dialog.getByRole('tab', { name: 'Move to board' }).click();
    await dialog.getByLabel('Board').selectOption({ label: 'Archive' });
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(toast(page)).toContainText('Card moved');
    await expect.poll(async () => (await api.cards(archive.boardId)).map((c) => c.id)).toEqual([gem]);
    await expect.poll(async () => pos(starter, await api.cards(seeded.boardId))).toEqual(pos(gem, before));
  });

  test('the selection bar moves several cards into a section on the board', async ({ page, server }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Board',
      ['Shops', 'Passes'],
      [
        { title: 'Gem Shop', section: 'Shops' },
        { title: 'Coin Shop', section: 'Shops' },
        { title: 'Gold Pass', section: 'Passes' },
      ],
    );
    await openBoard(page, server);
    const cards = await api.cards(seeded.boardId);
    for (const title of ['Gem Shop', 'Coin Shop']) {
      const p = await cardPoint(
        page,
        cards.find((c) => c.title === title)!,
      );
      await page.keyboard.down('Shift');
      await page.mouse.click(p.x, p.y);
      await page.keyboard.up('Shift');
    }
    await page.getByTestId('selection-bar').getByLabel('Move to section').selectOption({ label: 'Passes' });
    for (const title of ['Gem Shop', 'Coin Shop'])
      await expectDrawnInside(page, api, seeded.boardId, seeded.cards[title].id, seeded.sections.Passes.id);
    assertNoOverlap(await api.cards(seeded.boardId));
  });

  test('a card dropped on another card on empty canvas goes to the nearest free spot; a drop inside its section reflows it', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Board',
      ['Shops'],
      [
        { title: 'Gem Shop', section: 'Shops' },
        { title: 'Coin Shop', section: 'Shops' },
        { title: 'Starter', section: 'Shops' },
        { title: 'Loose A' },
        { title: 'Loose B' },
      ],
    );
    await openBoard(page, server);
    const cards = await api.cards(seeded.boardId);
    const byTitle = (t: string) => cards.find((c) => c.title === t)!;

    // Loose B dropped onto Loose A, a little off.
    const a = byTitle('Loose A');
    const b = byTitle('Loose B');
    const from = await cardPoint(page, b, 170, 220);
    const to = await cardPoint(page, a, 200, 240);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 10, from.y + 5, { steps: 2 });
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => (await api.card(seeded.boardId, b.id))!.position).not.toEqual(b.position);
    assertNoOverlap(await api.cards(seeded.boardId));
    const placed = (await api.card(seeded.boardId, b.id))!.position;
    // Near where it was dropped, not sent far away.
    expect(Math.hypot(placed.x - (a.position.x + 30), placed.y - (a.position.y + 20))).toBeLessThan(400);

    // Starter dropped onto the left half of Gem Shop inside Shops takes the first slot; the others move along.
    const gem = byTitle('Gem Shop');
    const starter = byTitle('Starter');
    const s1 = await cardPoint(page, starter, 170, 220);
    const s2 = await cardPoint(page, gem, 40, 240);
    await page.mouse.move(s1.x, s1.y);
    await page.mouse.down();
    await page.mouse.move(s1.x - 10, s1.y + 5, { steps: 2 });
    await page.mouse.move(s2.x, s2.y, { steps: 12 });
    await page.mouse.up();
    await expect.poll(async () => (await api.card(seeded.boardId, starter.id))!.position).toEqual(gem.position);
    await expect
      .poll(async () => (await api.card(seeded.boardId, gem.id))!.position)
      .toEqual(byTitle('Coin Shop').position);
    assertNoOverlap(await api.cards(seeded.boardId));
    await expectDrawnInside(page, api, seeded.boardId, starter.id, seeded.sections.Shops.id);
  });

  test('a section dragged by its header on a board of several sections is saved with its cards and holds after a reload', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const seeded = await seedBoard(
      api,
      'Board',
      ['Shops', 'Passes', 'Events'],
      [
        { title: 'Gem Shop', section: 'Shops' },
        { title: 'Gold Pass', section: 'Passes' },
        { title: 'Halloween', section: 'Events' },
        { title: 'Summer', section: 'Events' },
      ],
    );
    await openBoard(page, server);
    const sections = await sectionsOf(api, seeded.boardId);
    const passes = sections.find((s) => s.title === 'Passes')!;
    const cardsBefore = await api.cards(seeded.boardId);
    const gold = cardsBefore.find((c) => c.title === 'Gold Pass')!;
    const from = await worldPoint(page, { x: passes.position.x + 200, y: passes.position.y + 20 });
    const saved = page.waitForResponse((r) => isLayoutSave(r.request()));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 10, from.y + 10, { steps: 2 });
    await page.mouse.move(from.x + 40, from.y + 450, { steps: 10 });
    await page.mouse.up();
    expect((await saved).ok()).toBe(true);
    await expect(toast(page)).toHaveCount(0);
    const moved = (await sectionsOf(api, seeded.boardId)).find((s) => s.id === passes.id)!;
    expect(moved.position).toEqual({ x: passes.position.x + 40, y: passes.position.y + 450 });
    expect((await api.card(seeded.boardId, gold.id))!.position).toEqual({
      x: gold.position.x + 40,
      y: gold.position.y + 450,
    });

    await page.reload();
    await expect(page.getByTestId('board-canvas')).toHaveAttribute('data-cards-complete', 'true');
    const reloaded = await sectionsOf(api, seeded.boardId);
    expect(reloaded.find((s) => s.id === passes.id)!.position).toEqual(moved.position);
    await expectDrawnInside(page, api, seeded.boardId, gold.id, passes.id);
    for (const title of ['Halloween', 'Summer'])
      await expectDrawnInside(page, api, seeded.boardId, seeded.cards[title].id, seeded.sections.Events.id);
    assertNoOverlap(await api.cards(seeded.boardId));
  });
});
