import type { Page } from '@playwright/test';
import { registerUser } from './account-fixtures';
import { cardPoint, openBoard, seedBoard, signUp, type Api, type WireCard, type WireSection } from './board-fixtures';
import { exposeEngine } from './engine-fixtures';
import { e2eBackend } from './backend';
import { expect, startServer, test } from './fixtures';
import { isLayoutSave } from './ops-fixtures';

/**
 * Two editors, one board ("Concurrency holds"): the owner (A) and a member made editor (B), each on their own
 * screen, drop a card into the same section at the same moment, then both press Organize at once. The server lays
 * out each batch from the latest state, so both cards land, none overlap, none is lost, and both screens end on
 * the server's layout. On PostgreSQL B's screen is served by a second instance of the app: A's batches reach it
 * through the database's NOTIFY, and the two batches are ordered by the database, not by one process.
 */

type Placed = { id: number; x: number; y: number; sectionId: number | null };
type Box = { x: number; y: number; width: number; height: number };
type EngineHook = {
  __lootBoardEngine?: {
    inspectCard(id: number): { screenRect: Box; sectionId: number | null } | null;
    screenToWorld(p: { x: number; y: number }): { x: number; y: number };
  };
};

const CARD = { width: 340, height: 280 };

/** Every card where the page's engine holds it: its world top-left corner and the section it draws it in. */
function drawnLayout(page: Page, ids: number[]): Promise<(Placed | null)[]> {
  return page.evaluate((list) => {
    const engine = (window as unknown as EngineHook).__lootBoardEngine!;
    return list.map((id) => {
      const card = engine.inspectCard(id);
      if (!card) return null;
      const at = engine.screenToWorld({ x: card.screenRect.x, y: card.screenRect.y });
      return { id, x: Math.round(at.x), y: Math.round(at.y), sectionId: card.sectionId };
    });
  }, ids);
}

const placed = (cards: WireCard[]): Placed[] =>
  cards.map((c) => ({ id: c.id, x: Math.round(c.position.x), y: Math.round(c.position.y), sectionId: c.sectionId }));

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The server's board holds every card, the dropped ones in the section and inside its box, none overlapping;
 * then both screens' engines draw exactly that layout.
 */
async function expectOneLayout(api: Api, pages: Page[], boardId: number, ids: number[], section: number) {
  const cards = await api.cards(boardId);
  expect(cards.map((c) => c.id).sort()).toEqual([...ids].sort());
  const box = (await api.call<WireSection[]>('GET', `/api/sections?boardId=${boardId}`)).find((s) => s.id === section)!;
  for (const c of cards) {
    expect(c.sectionId, c.title).toBe(section);
    expect(c.position.x).toBeGreaterThanOrEqual(box.position.x);
    expect(c.position.y).toBeGreaterThanOrEqual(box.position.y);
    expect(c.position.x + CARD.width).toBeLessThanOrEqual(box.position.x + box.size.width);
    expect(c.position.y + CARD.height).toBeLessThanOrEqual(box.position.y + box.size.height);
  }
  for (let i = 0; i < cards.length; i++)
    for (let j = i + 1; j < cards.length; j++)
      expect(
        overlap({ ...cards[i].position, ...CARD }, { ...cards[j].position, ...CARD }),
        `${cards[i].title} / ${cards[j].title}`,
      ).toBe(false);
  const server = placed(cards).sort((a, b) => a.id - b.id);
  for (const page of pages)
    await expect
      .poll(() =>
        drawnLayout(
          page,
          server.map((c) => c.id),
        ),
      )
      .toEqual(server);
}

test('two editors drop cards into one section at once, then both organize: every card lands, none overlap, both screens show the server’s layout', async ({
  page,
  server,
  browser,
}) => {
  test.setTimeout(120_000);
  const apiA = await signUp(page, server, 'Anna');
  const seeded = await seedBoard(
    apiA,
    'Two editors',
    ['Shops'],
    [
      { title: 'Gem Shop', section: 'Shops' },
      { title: 'Coin Shop', section: 'Shops' },
      { title: 'Loose A' },
      { title: 'Loose B' },
    ],
  );
  const shops = seeded.sections.Shops.id;
  const ids = Object.values(seeded.cards).map((c) => c.id);
  await exposeEngine(page);
  await openBoard(page, server);

  const instanceB = e2eBackend() === 'postgres' ? await startServer({}, { instanceOf: server }) : null;
  const second = await browser.newContext();
  try {
    const serverB = instanceB ?? server;
    const { api: apiB, email } = await registerUser(second.request, serverB, { firstName: 'Bea' });
    const asked = await apiA.call<{ invitation: { code: string } }>('POST', `/api/boards/${seeded.boardId}/members`, {
      email,
      role: 'editor',
    });
    await apiB.call('POST', `/api/invitations/${asked.invitation.code}/accept`);
    const b = await second.newPage();
    await exposeEngine(b);
    // B has no board of its own: the shared board is the one it opens.
    await openBoard(b, serverB, { expectLayout: false });
    for (const p of [page, b]) await expect(p.getByTestId('board-canvas')).toHaveAttribute('data-live', 'live');

    // Each grabs their loose card and holds it over the same spot: the left half of the section's first card.
    const laidOut = await apiA.cards(seeded.boardId);
    const byTitle = (t: string) => laidOut.find((c) => c.title === t)!;
    const drags: [Page, WireCard][] = [
      [page, byTitle('Loose A')],
      [b, byTitle('Loose B')],
    ];
    for (const [p, card] of drags) {
      const from = await cardPoint(p, card);
      const to = await cardPoint(p, byTitle('Gem Shop'), 40, 240);
      await p.mouse.move(from.x, from.y);
      await p.mouse.down();
      await p.mouse.move(from.x - 10, from.y + 5, { steps: 2 });
      await p.mouse.move(to.x, to.y, { steps: 10 });
      await expect(p.getByTestId('board-canvas')).toHaveAttribute('data-editing', 'true');
    }
    // Both release at once: two cards.place batches on one section, in flight together.
    const drops = drags.map(([p]) => p.waitForResponse((r) => isLayoutSave(r.request(), seeded.boardId)));
    await Promise.all(drags.map(([p]) => p.mouse.up()));
    for (const answer of await Promise.all(drops)) expect(answer.ok()).toBe(true);
    await expectOneLayout(apiA, [page, b], seeded.boardId, ids, shops);

    // Both press Organize at once: one valid layout, the same on both screens.
    const organized = [page, b].map((p) => p.waitForResponse((r) => isLayoutSave(r.request(), seeded.boardId)));
    await Promise.all([page, b].map((p) => p.getByRole('button', { name: 'Organize Cards' }).click()));
    for (const answer of await Promise.all(organized)) expect(answer.ok()).toBe(true);
    await expectOneLayout(apiA, [page, b], seeded.boardId, ids, shops);
  } finally {
    await second.close();
    await instanceB?.stop();
  }
});
