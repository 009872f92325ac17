import type { Page, Request } from '@playwright/test';
import { Api, cardPoint, openBoard, seedBoard, signUp } from './board-fixtures';
import { expect, test, type LootServer } from './fixtures';

/**
 * Very large boards end to end (issue 9): a 5,000-card demo board streams in compact pages, its first full frame
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
  const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
  const last = lines.at(-1) as DemoResult;
  expect(last).toMatchObject({ cards, sections, boardId: expect.any(Number) });
  return last;
}

/** The first card row of the board (lowest id) and the total, through the compact content route. */
async function firstCard(api: Api, boardId: number) {
  const page = await api.call<{ total: number; rows: unknown[][] }>('GET', `/api/boards/${boardId}/content?limit=1`);
  const [id, , x, y] = page.rows[0] as [number, number | null, number, number];
  return { total: page.total, card: { id, position: { x, y } } };
}

test.describe('a 5,000-card board', () => {
  test.setTimeout(180_000);

  test('streams in pages, draws its first frame, gets every card, organizes in one request, and a drag saves', async ({ page, server }) => {
    const api = await signUp(page, server);
    const demo = await createDemoBoard(page, server, DEMO_CARDS);
    const { total } = await firstCard(api, demo.boardId);
    expect(total).toBe(DEMO_CARDS);

    const contentReads: { cursor: number; limit: number }[] = [];
    page.on('request', (r: Request) => {
      const m = CONTENT_URL.exec(r.url());
      if (m && Number(m[1]) === demo.boardId) contentReads.push({ cursor: Number(m[2]), limit: Number(m[3]) });
    });
    const layoutSaves: number[] = [];
    page.on('request', (r: Request) => {
      if (r.method() === 'PATCH' && /\/api\/boards\/\d+\/layout$/.test(r.url())) layoutSaves.push((JSON.parse(r.postData() ?? '{}').updates ?? []).length);
    });
    // The first open of a board lays it out (spec §4 auto-layout) once every card is there, in one save.
    await openBoard(page, server);
    const canvas = page.getByTestId('board-canvas');
    await expect(canvas).toHaveAttribute('data-board-drawn', String(demo.boardId));
    await expect(canvas).toHaveAttribute('data-cards-complete', 'true');
    await expect(canvas).toHaveAttribute('data-cards', String(DEMO_CARDS));
    const drawnMark = await page.evaluate(() => performance.getEntriesByName('loot:board-drawn').map((m) => (m as PerformanceMark).detail));
    expect(drawnMark[0]).toMatchObject({ boardId: demo.boardId });
    expect(drawnMark[0].cards).toBeGreaterThan(0);

    // Paged by id: a small first page, then larger ones, each cursor once, ending with the whole board.
    expect(contentReads[0]).toEqual({ cursor: 0, limit: 2000 });
    expect(contentReads.length).toBeGreaterThan(1);
    expect(new Set(contentReads.map((r) => r.cursor)).size).toBe(contentReads.length);
    expect(layoutSaves).toEqual([DEMO_CARDS + demo.sections]);
    const engineCards = await page.evaluate(() => (window as unknown as { __lootBoardEngine: { getStats(): { totalCards: number } } }).__lootBoardEngine.getStats().totalCards);
    expect(engineCards).toBe(DEMO_CARDS);

    // A drag on the streamed board still saves its position.
    const { card } = await firstCard(api, demo.boardId);
    const from = await cardPoint(page, card, 170, 140);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/cards/${card.id}/position`) && r.request().method() === 'PATCH');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 40, { steps: 4 });
    await page.mouse.move(from.x + 240, from.y + 160, { steps: 8 });
    await page.mouse.up();
    expect((await saved).ok()).toBe(true);
    const zoom = Number(await canvas.getAttribute('data-zoom'));
    const after = await api.call<{ position: { x: number; y: number } }>('GET', `/api/cards/${card.id}`);
    expect(after.position.x).toBeCloseTo(card.position.x + 240 / zoom, -1);
    expect(after.position.y).toBeCloseTo(card.position.y + 160 / zoom, -1);
  });
});

test.describe('low-spec mode', () => {
  test('is switched on by itself on a small-memory device, says so once, and the switch persists and changes the engine', async ({ page, server }) => {
    // navigator.deviceMemory ≤ 4 GB is one of the engine's low-spec signals.
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'deviceMemory', { configurable: true, get: () => 2 }));
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
    expect(await page.evaluate(() => (window as unknown as { __lootBoardEngine: { isLowSpec(): boolean } }).__lootBoardEngine.isLowSpec())).toBe(false);

    // And on again.
    await toggle.click();
    await expect(canvas).toHaveAttribute('data-low-spec', 'true');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(await page.evaluate(() => (window as unknown as { __lootBoardEngine: { isLowSpec(): boolean } }).__lootBoardEngine.isLowSpec())).toBe(true);
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
    await expect(page.locator(`[data-board-id="${created!.id}"] .board-select`)).toHaveAttribute('aria-current', 'true');
  });
});
