import type { Locator, Page, Request } from '@playwright/test';
import {
  hoverCard,
  openBoard,
  seedBoard,
  signUp,
  toast,
  worldPoint,
  type Api,
  type Seeded,
  type WireSection,
} from './board-fixtures';
import { expect, test, type LootServer } from './fixtures';
import { sendsOp } from './ops-fixtures';

/**
 * Whatever a route refuses with a 4xx, the web says the server's own message, never only its
 * generic "Failed to …" words. Each row makes the real server refuse one UI action (a request body changed on
 * its way, as a bad client would send it, or the thing gone behind the page's back) and reads what the page says.
 */
type Ctx = { page: Page; server: LootServer; api: Api; seeded: Seeded };

type Row = {
  name: string;
  /** The request the action sends: method and path, and for an ops batch the op it carries. */
  request: { method: string; path: RegExp; op?: string };
  /** Changes the JSON body on its way to the server; absent when the row breaks things behind the page's back. */
  rewrite?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** Runs after the page is open, before the action (a deletion through the API). */
  behindBack?: (ctx: Ctx) => Promise<void>;
  act: (ctx: Ctx) => Promise<void>;
  /** The action is on the board's canvas (the engine must be up); others start from the sidebar or another page. */
  canvas?: true;
  /** Where the message shows; the toast unless said. */
  shownIn?: (page: Page) => Locator;
};

const LONG_TITLE = 'x'.repeat(400);
const OPS_PATH = /^\/api\/boards\/\d+\/ops$/;

/** An ops batch with each of its ops changed. */
function withOps(body: Record<string, unknown>, change: (op: Record<string, unknown>) => Record<string, unknown>) {
  return { ...body, ops: ((body.ops ?? []) as Record<string, unknown>[]).map(change) };
}

/**
 * The card the action names is gone by the time the request arrives: the op names a card id that does not exist
 * (deleting it through the API no longer works: the live stream takes it off the page first).
 */
const goneMeanwhile = (body: Record<string, unknown>) => withOps(body, (op) => ({ ...op, id: 999_999 }));
const boards = (page: Page) => page.getByRole('navigation', { name: 'Boards' });

async function firstSection(ctx: Ctx): Promise<WireSection> {
  return (await ctx.api.call<WireSection[]>('GET', `/api/sections?boardId=${ctx.seeded.boardId}`))[0];
}

const ROWS: Row[] = [
  {
    name: 'rename a board (board.rename op)',
    request: { method: 'POST', path: OPS_PATH, op: 'board.rename' },
    rewrite: (body) => withOps(body, (op) => ({ ...op, title: LONG_TITLE })),
    act: async ({ page }) => {
      await boards(page).getByRole('button', { name: 'Rename Refs' }).click();
      await boards(page).getByLabel('Board title').fill('Offers');
      await boards(page).getByLabel('Board title').press('Enter');
    },
  },
  {
    name: 'create a board (POST /api/boards)',
    request: { method: 'POST', path: /^\/api\/boards$/ },
    rewrite: (body) => ({ ...body, title: LONG_TITLE }),
    act: async ({ page }) => page.getByRole('button', { name: 'New Board' }).click(),
  },
  {
    name: 'delete a board gone meanwhile (DELETE /api/boards/:id)',
    request: { method: 'DELETE', path: /^\/api\/boards\/\d+$/ },
    behindBack: async ({ api }) => {
      const other = (await api.boards()).find((b) => b.title === 'Other')!;
      await api.call('DELETE', `/api/boards/${other.id}`);
    },
    act: async ({ page }) => boards(page).getByRole('button', { name: 'Delete Other' }).click(),
  },
  {
    name: 'rename a section (section.rename op)',
    canvas: true,
    request: { method: 'POST', path: OPS_PATH, op: 'section.rename' },
    rewrite: (body) => withOps(body, (op) => ({ ...op, title: LONG_TITLE })),
    act: async (ctx) => {
      const section = await firstSection(ctx);
      const title = await worldPoint(ctx.page, { x: section.position.x + 200, y: section.position.y + 20 });
      await ctx.page.mouse.click(title.x, title.y);
      const prompt = ctx.page.getByRole('dialog', { name: 'Enter new section title' });
      await prompt.getByRole('textbox').fill('Offers');
      await prompt.getByRole('textbox').press('Enter');
    },
  },
  {
    name: 'bookmark a card gone meanwhile (card.bookmark op)',
    canvas: true,
    request: { method: 'POST', path: OPS_PATH, op: 'card.bookmark' },
    rewrite: goneMeanwhile,
    act: async ({ page, seeded }) =>
      (await hoverCard(page, seeded.cards['Gem Shop'])).getByRole('button', { name: 'Bookmark' }).click(),
  },
  {
    name: 'delete a card gone meanwhile (card.delete op)',
    canvas: true,
    request: { method: 'POST', path: OPS_PATH, op: 'card.delete' },
    rewrite: goneMeanwhile,
    act: async ({ page, seeded }) =>
      (await hoverCard(page, seeded.cards['Gem Shop'])).getByRole('button', { name: 'Delete' }).click(),
  },
  {
    name: 'share a board (PATCH /api/boards/:id {isShared})',
    canvas: true,
    request: { method: 'PATCH', path: /^\/api\/boards\/\d+$/ },
    rewrite: () => ({ isShared: 2 }),
    act: async ({ page }) => {
      await page.getByRole('button', { name: 'Share Board' }).click();
      await page.getByRole('dialog', { name: 'Share board' }).getByRole('button', { name: 'Create copy link' }).click();
    },
  },
  {
    name: 'switch plans (PATCH /api/user/plan)',
    request: { method: 'PATCH', path: /^\/api\/user\/plan$/ },
    rewrite: () => ({ planId: 9 }),
    act: async ({ page, server }) => {
      await page.goto(server.url + '/billing');
      await page.getByTestId('plan-Basic').getByRole('button', { name: 'Switch to Basic' }).click();
      await page
        .getByRole('dialog', { name: 'Switch to Basic?' })
        .getByRole('button', { name: 'Switch to Basic' })
        .click();
    },
  },
  {
    name: 'add a feature to a board (card.create op)',
    request: { method: 'POST', path: OPS_PATH, op: 'card.create' },
    rewrite: (body) => withOps(body, (op) => ({ ...op, card: { ...(op.card as object), title: 'x'.repeat(501) } })),
    act: async ({ page, server }) => {
      await page.goto(server.url + '/feature-search?genres=Casino');
      const card = page.getByTestId('feature-results').locator('li').first();
      const title = (await card.locator('.fs-feature-title').textContent())!;
      await card.getByRole('button', { name: `Add to board: ${title}` }).click();
      await page.getByRole('dialog', { name: 'Add to board' }).getByRole('button', { name: 'Add' }).click();
    },
  },
  {
    name: 'send feedback (POST /api/feedback)',
    request: { method: 'POST', path: /^\/api\/feedback$/ },
    rewrite: (body) => ({ ...body, message: 'x'.repeat(3001) }),
    act: async ({ page }) => {
      await page.getByTestId('sidebar').getByRole('button', { name: 'Feedback' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
      await dialog.getByRole('textbox', { name: 'Message' }).fill('The board is great');
      await dialog.getByRole('button', { name: 'Send' }).click();
    },
    shownIn: (page) => page.getByRole('dialog', { name: 'Send Feedback' }).getByRole('alert'),
  },
];

const matches = (row: Row, r: Request) =>
  r.method() === row.request.method &&
  row.request.path.test(new URL(r.url()).pathname) &&
  (!row.request.op || sendsOp(r, row.request.op));

for (const row of ROWS) {
  test(`the server's own message when it refuses: ${row.name}`, async ({ page, server }) => {
    const api = await signUp(page, server);
    await api.call('POST', '/api/boards', { title: 'Other' });
    const seeded = await seedBoard(api, 'Refs', ['Shops'], [{ title: 'Gem Shop', section: 'Shops' }]);
    const ctx: Ctx = { page, server, api, seeded };
    if (row.canvas) await openBoard(page, server);
    else {
      await page.goto(server.url + '/');
      await expect(boards(page).getByRole('button', { name: 'Refs', exact: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
    }
    if (row.rewrite) {
      const rewrite = row.rewrite;
      await page.route('**/api/**', (route) =>
        matches(row, route.request())
          ? route.continue({ postData: JSON.stringify(rewrite(route.request().postDataJSON() ?? {})) })
          : route.fallback(),
      );
    }
    await row.behindBack?.(ctx);
    const answer = page.waitForResponse((res) => matches(row, res.request()));
    await row.act(ctx);
    const res = await answer;
    expect(res.status(), await res.text()).toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
    const message = ((await res.json()) as { error: { message: string } }).error.message;
    expect(message.length).toBeGreaterThan(0);
    await expect((row.shownIn ?? toast)(page)).toContainText(message);
  });
}

test('the board title field takes at most 200 characters, and the server keeps them', async ({ page, server }) => {
  const api = await signUp(page, server);
  await seedBoard(api, 'Refs', [], []);
  await page.goto(server.url + '/');
  await boards(page).getByRole('button', { name: 'Rename Refs' }).click();
  const field = boards(page).getByLabel('Board title');
  await field.fill(LONG_TITLE);
  await expect(field).toHaveValue('x'.repeat(200));
  await field.press('Enter');
  await expect(toast(page)).toContainText('Board Renamed');
  expect((await api.boards()).map((b) => b.title)).toContain('x'.repeat(200));
});
