import type { Page, Request } from '@playwright/test';
import { cardCopyText } from '../../web/logic/card-text';
import { Api, cameraOf, cardPoint, hoverCard, openBoard, seedBoard, signUp, toast, worldPoint } from './board-fixtures';
import { CARD_HEIGHT_HORIZONTAL } from '#shared/constants';
import { drawnCardPoint } from './engine-fixtures';
import { expect, test, type LootServer } from './fixtures';
import { isLayoutSave, opsOf, sendsOp, type SentOp } from './ops-fixtures';
import type { OpsResult } from '#shared/schemas/board-ops';

/**
 * Very large boards end to end: a 5,000-card demo board streams in compact pages, its first full frame
 * is drawn before the rest arrives, every card arrives, Organize saves in one request, a drag still saves; the
 * low-spec switch persists and changes the engine's mode; the 'Demo board' dialog builds and opens a board.
 */

const DEMO_CARDS = 5000;
const CONTENT_URL = /\/api\/boards\/(\d+)\/content\?cursor=(\d+)&limit=(\d+)$/;

type DemoResult = { boardId: number; cards: number; sections: number; seconds: number };

// The engine is reachable as window.__lootBoardEngine with this flag (web/components/large-board/engine-debug.ts).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lootExposeEngine', '1'));
});

/** POST /api/demo-board with the page's cookies; answers the NDJSON stream's last line. */
async function createDemoBoard(page: Page, server: LootServer, cards: number, sections = 12): Promise<DemoResult> {
  const res = await page.request.post(`${server.url}/api/demo-board`, {
    headers: { origin: server.url, 'content-type': 'application/json' },
    data: JSON.stringify({ cards, sections }),
    timeout: 120_000,
  });
  expect(res.status()).toBe(200);
  const lines = (await res.text())
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const last = lines.at(-1) as DemoResult;
  expect(last).toMatchObject({ cards, sections, boardId: expect.any(Number) });
  return last;
}

type Row = [number, number | null, number, number, 0 | 1, ...unknown[]];

/** The board's first cards (lowest ids) and its total, through the compact content route. */
async function firstCards(api: Api, boardId: number, limit = 1) {
  const page = await api.call<{ total: number; rows: Row[] }>('GET', `/api/boards/${boardId}/content?limit=${limit}`);
  const cards = page.rows.map(([id, sectionId, x, y, vertical]) => ({
    id,
    sectionId,
    vertical: vertical === 1,
    position: { x, y },
  }));
  return { total: page.total, card: cards[0], cards };
}

type FullCard = { id: number; title: string; description: string; detailedDescription: string };

test.describe('a 5,000-card board', () => {
  test.setTimeout(180_000);

  test('streams in pages, draws its first frame, gets every card, organizes in one request, and a drag saves', async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server);
    const demo = await createDemoBoard(page, server, DEMO_CARDS);
    const { total } = await firstCards(api, demo.boardId);
    expect(total).toBe(DEMO_CARDS);

    const contentReads: { cursor: number; limit: number }[] = [];
    page.on('request', (r: Request) => {
      const m = CONTENT_URL.exec(r.url());
      if (m && Number(m[1]) === demo.boardId) contentReads.push({ cursor: Number(m[2]), limit: Number(m[3]) });
    });
    const layoutSaves: SentOp[][] = [];
    page.on('request', (r: Request) => {
      if (isLayoutSave(r)) layoutSaves.push(opsOf(r));
    });
    // A demo board is laid out as it is written (its flag set). Cleared here, it is a board never laid out.
    await api.call('POST', `/api/boards/${demo.boardId}/ops`, {
      batchId: crypto.randomUUID(),
      ops: [{ type: 'board.autoLayoutDone', value: false }],
    });
    // The first open of a board lays it out (spec §4 auto-layout) once every card is there, in one save: a single
    // board.organize intent the server lays the whole board out for, with the board's flag set in the same batch.
    await openBoard(page, server);
    const canvas = page.getByTestId('board-canvas');
    await expect(canvas).toHaveAttribute('data-board-drawn', String(demo.boardId));
    await expect(canvas).toHaveAttribute('data-cards-complete', 'true');
    await expect(canvas).toHaveAttribute('data-cards', String(DEMO_CARDS));
    const drawnMark = await page.evaluate(() =>
      performance.getEntriesByName('loot:board-drawn').map((m) => (m as PerformanceMark).detail),
    );
    expect(drawnMark[0]).toMatchObject({ boardId: demo.boardId });
    expect(drawnMark[0].cards).toBeGreaterThan(0);

    // Paged by id: a small first page, then larger ones, each cursor once, ending with the whole board.
    expect(contentReads[0]).toEqual({ cursor: 0, limit: 2000 });
    expect(contentReads.length).toBeGreaterThan(1);
    expect(new Set(contentReads.map((r) => r.cursor)).size).toBe(contentReads.length);
    expect(layoutSaves).toEqual([[{ type: 'board.organize' }, { type: 'board.autoLayoutDone', value: true }]]);
    const engineCards = await page.evaluate(
      () =>
        (
          window as unknown as { __lootBoardEngine: { getStats(): { totalCards: number } } }
        ).__lootBoardEngine.getStats().totalCards,
    );
    expect(engineCards).toBe(DEMO_CARDS);

    // A drag on the streamed board still saves its position.
    const { card } = await firstCards(api, demo.boardId);
    const from = await cardPoint(page, card, 170, 140);
    // A drop is one cards.place intent for the card; the server lays it out and answers with the card's saved place.
    const saved = page.waitForResponse((r) => isLayoutSave(r.request()));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 40, { steps: 4 });
    await page.mouse.move(from.x + 240, from.y + 160, { steps: 8 });
    await page.mouse.up();
    const save = await saved;
    expect(save.ok()).toBe(true);
    const place = opsOf(save.request()).find((op) => op.type === 'cards.place');
    expect(place?.ids).toEqual([card.id]);
    const { change } = (await save.json()) as OpsResult;
    const row = change.cards.find(([id]) => id === card.id)!;
    expect(row).toBeDefined();
    const slot = { x: row[2], y: row[3] };
    expect(slot).not.toEqual(card.position);
    const after = await api.call<{ position: { x: number; y: number } }>('GET', `/api/cards/${card.id}`);
    expect(after.position).toEqual(slot);
  });

  test('cards listed without their details get them for the viewer, Copy text and the undo of a delete', async ({
    page,
    server,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const api = await signUp(page, server);
    const demo = await createDemoBoard(page, server, DEMO_CARDS);
    // Laid out by the server as it was written: the first open runs no auto-layout.
    await openBoard(page, server, { expectLayout: false });
    const canvas = page.getByTestId('board-canvas');
    await expect(canvas).toHaveAttribute('data-cards-complete', 'true');
    // A horizontal card in the first section, on screen (the demo deals cards to its sections in turn).
    const { cards } = await firstCards(api, demo.boardId, 100);
    const card = cards.find(
      (c) => c.sectionId === cards[0].sectionId && !c.vertical && c.position.x < 700 && c.position.y < 600,
    )!;
    expect(card).toBeDefined();
    const full = await api.call<FullCard>('GET', `/api/cards/${card.id}`);
    expect(full.detailedDescription.length).toBeGreaterThan(0);

    // The viewer asks for the card's details (the compact list has none) and shows them. The click aims at the
    // card's image where the engine draws it now, again until the viewer is this card's: the first open's layout may
    // still be sliding the cards to their saved places, and a click on another card opens nothing, or its viewer.
    const details = page.waitForResponse(
      (r) => r.url().endsWith(`/api/cards/${card.id}`) && r.request().method() === 'GET',
    );
    const viewer = page.getByTestId('viewer');
    let tries = 0;
    await expect(async () => {
      if (tries++ > 0) await page.keyboard.press('Escape');
      const image = await drawnCardPoint(page, card.id, 0.5, 80 / CARD_HEIGHT_HORIZONTAL);
      expect(image).not.toBeNull();
      await page.mouse.click(image!.x, image!.y);
      await expect(viewer).toHaveAccessibleName(full.title, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    expect((await details).ok()).toBe(true);
    await expect(viewer.getByTestId('viewer-detailed')).not.toBeEmpty();
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);

    // Copy text carries the detailed description too.
    await (await hoverCard(page, card)).getByRole('button', { name: 'Copy text' }).click();
    await expect(toast(page)).toContainText('Text copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cardCopyText(full));

    // Delete, then undo: the card comes back whole, detailed description included.
    await (await hoverCard(page, card)).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page)).toContainText('Card Deleted');
    const restored = page.waitForResponse((r) => sendsOp(r.request(), 'card.restore'));
    await page.keyboard.press('Control+z');
    expect((await restored).ok()).toBe(true);
    // The same card: its id did not change.
    const back = await api.call<FullCard>('GET', `/api/cards/${card.id}`);
    expect(back).toMatchObject({
      title: full.title,
      description: full.description,
      detailedDescription: full.detailedDescription,
    });
  });
});

test.describe('low-spec mode', () => {
  test('is switched on by itself on a small-memory device, says so once, and the switch persists and changes the engine', async ({
    page,
    server,
  }) => {
    // navigator.deviceMemory ≤ 4 GB is one of the engine's low-spec signals.
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'deviceMemory', { configurable: true, get: () => 2 }),
    );
    const api = await signUp(page, server);
    await seedBoard(api, 'Board', ['Shop'], [{ title: 'Royal Pass', section: 'Shop' }]);
    await page.goto(server.url + '/');
    const canvas = page.getByTestId('board-canvas');
    const toggle = page.getByRole('switch', { name: 'Low-spec mode' });
    await expect(canvas).toHaveAttribute('data-low-spec', 'true');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('toast')).toContainText('Low-spec mode is on');
    await page.getByRole('button', { name: 'Close notification' }).click();

    // Once per device: not again on reload.
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await page.waitForTimeout(1000);
    await expect(page.getByText('Low-spec mode is on')).toHaveCount(0);

    // Off by hand: the engine leaves low-spec at once, and the choice outlives a reload (and the detection).
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(canvas).toHaveAttribute('data-low-spec', 'false');
    expect(await page.evaluate(() => localStorage.getItem('lootLowSpecMode'))).toBe('0');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(canvas).toHaveAttribute('data-low-spec', 'false');
    expect(
      await page.evaluate(() =>
        (window as unknown as { __lootBoardEngine: { isLowSpec(): boolean } }).__lootBoardEngine.isLowSpec(),
      ),
    ).toBe(false);

    // And on again.
    await toggle.click();
    await expect(canvas).toHaveAttribute('data-low-spec', 'true');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(
      await page.evaluate(() =>
        (window as unknown as { __lootBoardEngine: { isLowSpec(): boolean } }).__lootBoardEngine.isLowSpec(),
      ),
    ).toBe(true);
  });
});

test.describe('demo board dialog', () => {
  test('builds a 1,000-card board with a progress bar and selects it', async ({ page, server }) => {
    const api = await signUp(page, server, 'Dana');
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: /Dana/ }).click();
    await page.getByRole('menuitem', { name: 'Demo board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demo board' });
    await dialog.getByLabel('1,000').check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 60_000 });

    const created = (await api.boards()).find((b) => b.title === 'Demo board · 1,000 cards');
    expect(created).toBeDefined();
    const canvas = page.getByTestId('board-canvas');
    await expect(canvas).toHaveAttribute('data-board-drawn', String(created!.id));
    await expect(canvas).toHaveAttribute('data-cards', '1000');
    await expect(page.locator(`[data-board-id="${created!.id}"] .board-select`)).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
  test("a free user's board whose top-left section is locked opens on its first open section", async ({
    page,
    server,
  }) => {
    const api = await signUp(page, server, 'Fay');
    await api.call('PATCH', '/api/user/plan', { planId: 1 });
    const titles = [
      'Starter packs',
      'Shops',
      'Daily quests',
      'Season pass',
      'Piggy banks',
      'Spin wheels',
      'Leaderboards',
      'Chests',
    ];
    const seeded = await seedBoard(
      api,
      'Free openings',
      titles,
      titles.map((title) => ({ title: `${title} card`, section: title })),
    );
    type Placed = {
      id: number;
      locked?: boolean;
      position: { x: number; y: number };
      size: { width: number; height: number };
    };
    const sections = await api.call<Placed[]>('GET', `/api/sections?boardId=${seeded.boardId}`);
    const locked = sections.find((s) => s.locked);
    const open = sections.filter((s) => !s.locked);
    expect(locked, 'a free plan locks some of eight sections').toBeDefined();
    // A locked placeholder at the top left, where Reset View looks; the open sections far to its right, off screen.
    const size = { width: 800, height: 600 };
    const placed = new Map<number, { x: number; y: number }>([[locked!.id, { x: 0, y: 0 }]]);
    sections.filter((s) => s.id !== locked!.id).forEach((s, i) => placed.set(s.id, { x: 3000 + i * 1000, y: 0 }));
    const cardIn = (section: number) => Object.values(seeded.cards).find((c) => c.sectionId === section)!;
    await api.call('POST', `/api/boards/${seeded.boardId}/ops`, {
      batchId: `large-board-placed-${seeded.boardId}`,
      ops: [
        {
          type: 'layout.set',
          sections: [...placed].map(([id, position]) => ({ id, position, size })),
          // Locked sections' cards are hidden from a free owner: only the open sections' cards are placed.
          cards: [...placed]
            .filter(([id]) => open.some((s) => s.id === id))
            .map(([id, position]) => ({ id: cardIn(id).id, position: { x: position.x + 20, y: position.y + 60 } })),
        },
      ],
    });
    // Laid out already (the board's flag): the first open keeps these places (no first auto-layout).
    await api.call('POST', `/api/boards/${seeded.boardId}/ops`, {
      batchId: crypto.randomUUID(),
      ops: [{ type: 'board.autoLayoutDone', value: true }],
    });

    await page.goto(server.url + '/');
    const canvas = page.getByTestId('board-canvas');
    await expect(canvas).toHaveAttribute('data-board-drawn', String(seeded.boardId));
    const first = [...placed].filter(([id]) => open.some((s) => s.id === id)).sort((a, b) => a[1].x - b[1].x)[0][1];
    // The camera frames the first open section whole inside the canvas.
    await expect
      .poll(async () => {
        const box = (await canvas.boundingBox())!;
        const { zoom } = await cameraOf(page);
        const corner = await worldPoint(page, first);
        return (
          corner.x >= box.x &&
          corner.y >= box.y &&
          corner.x + size.width * zoom <= box.x + box.width + 1 &&
          corner.y + size.height * zoom <= box.y + box.height + 1
        );
      })
      .toBe(true);
  });
});
