import type { Page } from '@playwright/test';
import { type WireCard, type WireSection } from './board-fixtures';
import { drawnCardRect, exposeEngine } from './engine-fixtures';
import { expect, test } from './fixtures';
import { openLanding, signUpOnPlan, submitQuery } from './search-fixtures';
import { isLayoutSave, layoutRunsEnded } from './ops-fixtures';

/**
 * "A first view that shows the results": after a query the camera frames the new cards the user can see
 * (the first open section, a free user's open sections laid out before the locked ones), clear of the floating
 * search bar; a second query on a board with cards frames its new sections too. Reset View leaves room as well.
 */

type Box = { x: number; y: number; width: number; height: number };
type Section = WireSection & { locked?: boolean };

test.beforeEach(async ({ page }) => {
  await exposeEngine(page);
});

async function camera(page: Page) {
  const c = page.getByTestId('board-canvas');
  const [zoom, x, y] = await Promise.all(
    ['data-zoom', 'data-offset-x', 'data-offset-y'].map(async (a) => Number(await c.getAttribute(a))),
  );
  return { zoom, x, y, box: (await c.boundingBox())! };
}

/** The section's rectangle in canvas pixels under the live camera. */
async function onScreen(page: Page, s: Box) {
  const { zoom, x, y } = await camera(page);
  return { x: s.x * zoom + x, y: s.y * zoom + y, width: s.width * zoom, height: s.height * zoom };
}

/** The bottom of the floating search bar, in canvas pixels. */
async function chromeBottom(page: Page) {
  const bar = (await page.getByTestId('search-compact').boundingBox())!;
  const { box } = await camera(page);
  return bar.y + bar.height - box.y;
}

/** Some of the new cards are drawn fully on screen, below the search bar, inside the framed section. */
async function expectFramed(page: Page, section: Section, cards: WireCard[]) {
  const { box } = await camera(page);
  const top = await chromeBottom(page);
  await expect
    .poll(async () => {
      const r = await onScreen(page, { ...section.position, ...section.size });
      return r.y >= top - 1 && r.x >= -1 && r.x < box.width && r.y < box.height;
    })
    .toBe(true);
  const inSection = cards.filter((c) => c.sectionId === section.id);
  expect(inSection.length).toBeGreaterThan(0);
  const rect = (await drawnCardRect(page, inSection[0].id))!;
  expect(rect.y).toBeGreaterThanOrEqual(top - 1);
  expect(rect.x + rect.width).toBeLessThanOrEqual(box.width + 1);
  expect(rect.y + rect.height).toBeLessThanOrEqual(box.height + 1);
  // Readable: at least half size.
  expect((await camera(page)).zoom).toBeGreaterThanOrEqual(0.5);
}

test("a free user's query frames the first open section (open sections laid out before locked ones); a second query frames its new sections", async ({
  page,
  server,
}) => {
  const api = await signUpOnPlan(page, server, 1);
  await openLanding(page, server);
  const [board] = await api.boards();

  await submitQuery(page, 'Starter Pack in Match-3');
  await expect
    .poll(async () => (await api.call<Section[]>('GET', `/api/sections?boardId=${board.id}`)).length)
    .toBeGreaterThan(0);
  const sections = await api.call<Section[]>('GET', `/api/sections?boardId=${board.id}`);
  const cards = await api.call<WireCard[]>('GET', `/api/cards?boardId=${board.id}`);
  const open = sections.filter((s) => !s.locked);
  const locked = sections.filter((s) => s.locked);
  expect(open.length).toBeGreaterThan(0);
  // Reading order (rows, then left to right): every open section before every locked one.
  const order = (s: Section) => s.position.y * 100_000 + s.position.x;
  if (locked.length) expect(Math.max(...open.map(order))).toBeLessThan(Math.min(...locked.map(order)));
  const first = [...open].sort((a, b) => order(a) - order(b))[0];
  await expectFramed(page, first, cards);

  // A second query on the board that now has cards: its new sections are framed too.
  const before = new Set(sections.map((s) => s.id));
  await submitQuery(page, 'Season Pass in RPG');
  const after = await api.call<Section[]>('GET', `/api/sections?boardId=${board.id}`);
  const allCards = await api.call<WireCard[]>('GET', `/api/cards?boardId=${board.id}`);
  expect(after.filter((s) => !before.has(s.id) && !s.locked).length).toBeGreaterThan(0);
  // The first open section holding any of the new cards (the server may also add cards to a section it had).
  const oldCards = new Set(cards.map((c) => c.id));
  const newCards = allCards.filter((c) => !oldCards.has(c.id));
  const holding = after
    .filter((s) => !s.locked && newCards.some((c) => c.sectionId === s.id))
    .sort((a, b) => order(a) - order(b))[0];
  await expectFramed(page, holding, newCards);

  // Reset View puts the board's first row below the search bar, not under it.
  // The mirrored camera is rendered by React after the click, not with it: the reset view is waited for.
  await page.getByRole('button', { name: 'Reset View' }).click();
  const topRow = Math.min(...after.map((s) => s.position.y));
  const bottom = await chromeBottom(page);
  await expect
    .poll(async () => {
      const { zoom, x, y } = await camera(page);
      return zoom === 1 && x === 0 && topRow * zoom + y >= bottom;
    })
    .toBe(true);
});

test('a collection opens on its first open section, clear of the search bar', async ({ page, server }) => {
  const api = await signUpOnPlan(page, server, 4);
  const res = await page.request.get(server.url + '/api/collections');
  const free = Object.values(
    ((await res.json()) as { collections: Record<string, { name: string; type: string }[]> }).collections,
  )
    .flat()
    .find((c) => c.type === 'free')!;
  await page.goto(server.url + '/collections');
  const laidOut = page.waitForResponse((r) => isLayoutSave(r.request()));
  await page
    .getByTestId('collections-view')
    .getByTestId('collection-tile')
    .filter({ hasText: free.name })
    .first()
    .click();
  expect((await laidOut).ok()).toBe(true);
  await layoutRunsEnded(page);
  const board = (await api.boards()).find((b) => b.title === free.name)!;
  const sections = await api.call<Section[]>('GET', `/api/sections?boardId=${board.id}`);
  const cards = await api.call<WireCard[]>('GET', `/api/cards?boardId=${board.id}`);
  const first = sections
    .filter((s) => !s.locked && cards.some((c) => c.sectionId === s.id))
    .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)[0];
  await expectFramed(page, first, cards);
});
