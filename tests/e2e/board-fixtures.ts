import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type LootServer } from './fixtures';
import { isLayoutSave, layoutRunsEnded } from './ops-fixtures';

/**
 * Seeding for the board-screen flows: a fresh account per test (so tests never see each other's boards), a
 * paid plan (the free-plan section lock would hide cards in about half the sections), and boards, sections
 * and cards made through the real API with the page's own cookies.
 */

export type SeedCard = {
  title: string;
  description?: string;
  detailedDescription?: string;
  section?: string;
  images?: string[];
  tags?: string[];
  game?: string;
  gameLink?: string;
  isBookmarked?: 0 | 1;
  orientation?: 'horizontal' | 'vertical';
};

export type WireCard = {
  id: number;
  boardId: number;
  sectionId: number | null;
  title: string;
  isBookmarked: 0 | 1;
  position: { x: number; y: number };
  orientation: string;
};
export type WireSection = {
  id: number;
  title: string;
  position: { x: number; y: number };
  size: { width: number; height: number };
};
export type Seeded = { boardId: number; sections: Record<string, WireSection>; cards: Record<string, WireCard> };

export class Api {
  constructor(
    private readonly request: APIRequestContext,
    private readonly server: LootServer,
  ) {}

  async call<T = unknown>(method: string, path: string, data?: unknown): Promise<T> {
    const res = await this.request.fetch(this.server.url + path, {
      method,
      // A browser sends Origin on unsafe requests; the API's CSRF check wants it.
      headers: { origin: this.server.url, ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
      data: data === undefined ? undefined : JSON.stringify(data),
    });
    expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  cards(boardId: number) {
    return this.call<WireCard[]>('GET', `/api/cards?boardId=${boardId}`);
  }

  async card(boardId: number, id: number) {
    return (await this.cards(boardId)).find((c) => c.id === id);
  }

  boards() {
    return this.call<{ id: number; title: string }[]>('GET', '/api/boards');
  }
}

let accounts = 0;

/** Registers and signs in a new user on a paid plan; answers the API helper bound to the page's cookies. */
export async function signUp(page: Page, server: LootServer, firstName = 'Tester'): Promise<Api> {
  const api = new Api(page.request, server);
  accounts += 1;
  await api.call('POST', '/api/auth/register', {
    email: `board-${process.pid}-${Date.now()}-${accounts}@example.com`,
    password: 'correct horse battery staple',
    firstName,
  });
  await api.call('PATCH', '/api/user/plan', { planId: 4 });
  return api;
}

/** Creates a board with sections and cards (in the given order) through the API. */
export async function seedBoard(api: Api, title: string, sections: string[], cards: SeedCard[]): Promise<Seeded> {
  const board = await api.call<{ id: number }>('POST', '/api/boards', { title });
  const palette = ['#FDE2E4', '#E2ECE9', '#FFF1C1', '#DDE7FF'];
  const seeded: Seeded = { boardId: board.id, sections: {}, cards: {} };
  for (const [i, name] of sections.entries()) {
    seeded.sections[name] = await api.call<WireSection>('POST', '/api/sections', {
      boardId: board.id,
      title: name,
      color: palette[i % palette.length],
    });
  }
  for (const c of cards) {
    seeded.cards[c.title] = await api.call<WireCard>('POST', '/api/cards', {
      boardId: board.id,
      title: c.title,
      description: c.description ?? `${c.title} description`,
      detailedDescription: c.detailedDescription,
      images: c.images ?? [],
      tags: c.tags ?? [],
      game: c.game ?? '',
      gameLink: c.gameLink ?? '',
      isBookmarked: c.isBookmarked ?? 0,
      orientation: c.orientation ?? 'horizontal',
      sectionId: c.section ? seeded.sections[c.section].id : null,
    });
  }
  return seeded;
}

/**
 * The floating chrome over the top of the canvas (toolbar, compact search bar) ends about 150 px down; content
 * starts at y = 50 (spec layout), so a 110 px pan puts the first row below it.
 */
const CHROME_CLEARANCE_PX = 110;
/** Space-drag moves the board 1.3× the pointer (spec accounts §9 "drag speed factor 1.3"). */
const SPACE_DRAG_FACTOR = 1.3;

/**
 * Opens the board screen, waits for the first auto-layout save of the newest board, resets the view (spec: 'r'
 * is zoom 1, offset 0,0) and then drags the board down with Space held, so the top rows sit clear of the
 * floating toolbar and search bar, as a user would.
 */
export async function openBoard(page: Page, server: LootServer, options: { expectLayout?: boolean } = {}) {
  const layout = options.expectLayout === false ? null : page.waitForResponse((r) => isLayoutSave(r.request()));
  await page.goto(server.url + '/');
  const canvas = page.getByTestId('board-canvas');
  // The board shows once its first content page has come (a fresh server may still be drawing the catalogue's
  // images): on a loaded 2-core machine that took more than the default 10 s once.
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  if (layout) {
    expect((await layout).ok()).toBe(true);
    // The answer comes before the run has finished on the page: the first layout then frames the board, which would
    // move the camera under the test's next step. The canvas counts the runs that ended (framing included).
    await layoutRunsEnded(page);
  }
  // Without a layout to wait for, the board's content (and the first view's framing of it) may arrive after an
  // early 'r' and move the camera again: Reset View is pressed until the view is the reset one.
  await expect(async () => {
    await page.keyboard.press('r');
    await expect(page.getByTestId('zoom-percent')).toHaveText('100%', { timeout: 1_000 });
    await expect(canvas).toHaveAttribute('data-offset-x', '0', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // Reset View already starts the first row below the floating chrome.
  if (Number(await canvas.getAttribute('data-offset-y')) >= CHROME_CLEARANCE_PX) return;
  const box = (await canvas.boundingBox())!;
  const grab = { x: box.x + box.width / 2, y: box.y + box.height - 260 };
  await page.mouse.move(grab.x, grab.y);
  await page.keyboard.down('Space');
  await page.mouse.down();
  await page.mouse.move(grab.x, grab.y + Math.ceil(CHROME_CLEARANCE_PX / SPACE_DRAG_FACTOR), { steps: 6 });
  await page.mouse.up();
  await page.keyboard.up('Space');
  await expect
    .poll(async () => Number(await canvas.getAttribute('data-offset-y')))
    .toBeGreaterThanOrEqual(CHROME_CLEARANCE_PX);
}

/** The live camera, mirrored on the canvas host (data-zoom, data-offset-x, data-offset-y). */
export async function cameraOf(page: Page) {
  const canvas = page.getByTestId('board-canvas');
  const [zoom, x, y] = await Promise.all(
    ['data-zoom', 'data-offset-x', 'data-offset-y'].map((a) => canvas.getAttribute(a)),
  );
  return { zoom: Number(zoom), offset: { x: Number(x), y: Number(y) }, box: (await canvas.boundingBox())! };
}

/** The page point of a world point under the current camera. */
export async function worldPoint(page: Page, world: { x: number; y: number }) {
  const { zoom, offset, box } = await cameraOf(page);
  return { x: box.x + world.x * zoom + offset.x, y: box.y + world.y * zoom + offset.y };
}

/** The page point inside a card at (dx, dy) world units from its top-left corner. */
export async function cardPoint(page: Page, card: { position: { x: number; y: number } }, dx = 170, dy = 220) {
  return worldPoint(page, { x: card.position.x + dx, y: card.position.y + dy });
}

/**
 * Hovers the card and answers its hover bar. Given the card's id, it hovers until the bar is that card's: a card
 * falling or sliding into place past the pointer may answer first, and acting on its bar acts on another card.
 */
export async function hoverCard(page: Page, card: { id?: number; position: { x: number; y: number } }) {
  const controls = page.getByTestId('card-controls');
  await expect(async () => {
    const p = await cardPoint(page, card);
    await page.mouse.move(p.x - 20, p.y - 20);
    await page.mouse.move(p.x, p.y, { steps: 3 });
    await expect(controls).toBeVisible({ timeout: 3_000 });
    if (card.id !== undefined)
      await expect(controls).toHaveAttribute('data-card-id', String(card.id), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return controls;
}

/**
 * Opens the card's context menu and answers it. Right-clicks where the card is until the menu that opens is that
 * card's (its name ends with the card's title, in any language): a card sliding past the pointer (a re-layout, a
 * move) may answer first, and choosing in its menu would move another card. `aim`: where to right-click, asked
 * again before each try (by default, inside the card's saved position under the current camera).
 */
export async function openCardMenu(
  page: Page,
  card: { title: string; position: { x: number; y: number } },
  aim: () => Promise<{ x: number; y: number } | null> = () => cardPoint(page, card),
) {
  const menu = page.getByRole('menu', { name: new RegExp(`: ${card.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  let tries = 0;
  await expect(async () => {
    if (tries++ > 0) await page.keyboard.press('Escape');
    const p = await aim();
    expect(p).not.toBeNull();
    await page.mouse.click(p!.x, p!.y, { button: 'right' });
    await expect(menu).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return menu;
}

export function toast(page: Page) {
  return page.getByTestId('toast');
}
