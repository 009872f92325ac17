import { afterEach, describe, expect, it } from 'vitest';
import { organizeLayout } from '#shared/board-intents';
import { cardRect } from '#shared/card-geometry';
import { PLAN_IDS } from '#shared/plans';
import { opsResult, type BoardOpInput } from '#shared/schemas/board-ops';
import { LayoutWorker } from '../../api/workers/organize-layout';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app';
import { addMember, dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';

type Rect = { x: number; y: number; width: number; height: number };
type CardOut = {
  id: number;
  sectionId: number | null;
  position: { x: number; y: number };
  orientation: string;
  isBookmarked: number;
};
type SectionOut = { id: number; position: { x: number; y: number }; size: { width: number; height: number } };

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Rect, box: Rect) =>
  a.x >= box.x && a.y >= box.y && a.x + a.width <= box.x + box.width && a.y + a.height <= box.y + box.height;

/**
 * Layout intents through the ops door: the sender says what it meant (these cards into that section at these drop
 * points, organize, delete, restore) and the server lays the board out inside the one write, from the board as it
 * is then. Two editors acting on one section at once both land; undo of a delete brings back the same card.
 */
describe('board layout intents', () => {
  let t: TestApp;
  let other: TestApp | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
    await t?.close();
  });

  let batches = 0;
  const batchId = () => `intent-${process.pid}-${(batches += 1)}`;
  const send = async (app: TestApp, cookie: string, boardId: number, ops: BoardOpInput[], status = 200) =>
    await expectJson(app, 'POST', `/api/boards/${boardId}/ops`, status, { cookie, json: { batchId: batchId(), ops } });
  /** How many changes the board has logged: each is one version step every open screen receives. */
  const changeCount = async (boardId: number) =>
    Number((await t.sql<{ n: number }>('select count(*) n from board_changes where board_id = ?', [boardId]))[0].n);
  const boardState = async (cookie: string, boardId: number) => ({
    cards: (await expectJson(t, 'GET', `/api/cards?boardId=${boardId}`, 200, { cookie })) as CardOut[],
    sections: (await expectJson(t, 'GET', `/api/sections?boardId=${boardId}`, 200, { cookie })) as SectionOut[],
  });

  /** A teammate who has confirmed their address (accepting an emailed invitation asks for that). */
  async function teammate(ownerCookie: string, boardId: number, email: string) {
    await t.signIn(email);
    await t.sql('update users set email_verified_at = ? where email = ?', [Date.now(), email]);
    return addMember(t, boardId, ownerCookie, { email, role: 'editor' });
  }

  /** No two cards overlap, and every card of a section lies inside it. */
  function expectValidLayout(state: { cards: CardOut[]; sections: SectionOut[] }) {
    const rects = state.cards.map((c) => ({ id: c.id, rect: cardRect(c) }));
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++)
        expect(overlaps(rects[i].rect, rects[j].rect), `cards ${rects[i].id} and ${rects[j].id} overlap`).toBe(false);
    const boxes = new Map(state.sections.map((s) => [s.id, { ...s.position, ...s.size }]));
    for (const c of state.cards)
      if (c.sectionId !== null)
        expect(inside(cardRect(c), boxes.get(c.sectionId)!), `card ${c.id} outside its section`).toBe(true);
  }

  async function addLooseCards(cookie: string, boardId: number, n: number, x0 = 3000): Promise<number[]> {
    const ops: BoardOpInput[] = Array.from({ length: n }, (_, i) => ({
      type: 'card.create',
      ref: `c${i}`,
      card: { title: `Card ${i}`, position: { x: x0 + (i % 5) * 400, y: 2000 + Math.floor(i / 5) * 350 } },
    }));
    const { refs } = opsResult.parse(await send(t, cookie, boardId, ops));
    return Array.from({ length: n }, (_, i) => refs[`c${i}`]);
  }

  it('drops 20 cards into a section in one batch: one version, the section laid out around them, nothing overlaps', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    const ids = await addLooseCards(cookie, board.id, 20);
    const before = await changeCount(board.id);
    const at = ids.map((_, i) => ({ x: 30 + i * 5, y: 100 }));
    const { change } = opsResult.parse(
      await send(t, cookie, board.id, [{ type: 'cards.place', ids, sectionId: section.id, at }]),
    );
    expect(await changeCount(board.id)).toBe(before + 1);
    const state = await boardState(cookie, board.id);
    const members = state.cards.filter((c) => c.sectionId === section.id).map((c) => c.id);
    expect(members.sort((a, b) => a - b)).toEqual([cards[0].id, ...ids].sort((a, b) => a - b));
    expectValidLayout(state);
    // The change told the other screens every card it moved, and the grown section.
    const told = new Set(change.cards.map((row) => row[0]));
    for (const id of ids) expect(told.has(id)).toBe(true);
    expect(change.sections.find((s) => s.id === section.id)!.size.height).toBeGreaterThan(1000);
  });

  it('puts dropped cards in the slot nearest their drop point, before the card standing there', async () => {
    t = await createTestApp();
    const { cookie, board, section } = await seedUserBoard(t);
    const ids = await addLooseCards(cookie, board.id, 3);
    await send(t, cookie, board.id, [{ type: 'cards.place', ids: ids.slice(0, 2), sectionId: section.id }]);
    const placed = await boardState(cookie, board.id);
    const second = placed.cards.find((c) => c.id === ids[1])!;
    // Dropped exactly where the second one stands: the third takes that slot, the second moves on.
    await send(t, cookie, board.id, [
      { type: 'cards.place', ids: [ids[2]], sectionId: section.id, at: [second.position] },
    ]);
    const after = await boardState(cookie, board.id);
    expect(after.cards.find((c) => c.id === ids[2])!.position).toEqual(second.position);
    expect(after.cards.find((c) => c.id === ids[1])!.position).not.toEqual(second.position);
    expectValidLayout(after);
  });

  it('drops cards onto the canvas: out of their section, which closes up, each at a free spot near its drop point', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    const ids = await addLooseCards(cookie, board.id, 4);
    await send(t, cookie, board.id, [{ type: 'cards.place', ids, sectionId: section.id }]);
    // Two of them onto the same empty point: both land, side by side, not stacked.
    await send(t, cookie, board.id, [
      { type: 'cards.place', ids: ids.slice(0, 2), sectionId: null, at: [{ x: 8000, y: 8000 }] },
    ]);
    const state = await boardState(cookie, board.id);
    for (const id of ids.slice(0, 2)) expect(state.cards.find((c) => c.id === id)!.sectionId).toBeNull();
    expect(state.cards.find((c) => c.id === ids[0])!.position).toEqual({ x: 8000, y: 8000 });
    expectValidLayout(state);
    const members = state.cards.filter((c) => c.sectionId === section.id);
    expect(members.map((c) => c.id).sort()).toEqual([cards[0].id, ids[2], ids[3]].sort());
  });

  it('refuses a place into an unknown section or with a card of another board, writing nothing', async () => {
    t = await createTestApp();
    const a = await seedUserBoard(t, 'a@example.com');
    const b = await seedUserBoard(t, 'b@example.com');
    const before = await dumpBoardTables(t);
    await send(t, a.cookie, a.board.id, [{ type: 'cards.place', ids: [a.cards[1].id], sectionId: b.section.id }], 404);
    await send(t, a.cookie, a.board.id, [{ type: 'cards.place', ids: [b.cards[1].id], sectionId: a.section.id }], 404);
    await send(t, a.cookie, a.board.id, [{ type: 'cards.place', ids: [], sectionId: a.section.id }], 400);
    await send(t, a.cookie, a.board.id, [{ type: 'card.restore', id: a.cards[1].id }], 404);
    await send(t, a.cookie, a.board.id, [{ type: 'card.restore', id: 999_999 }], 404);
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('two editors dropping into the same section at once: every card lands, none overlap, none lost', async () => {
    t = await createTestApp();
    const owner = await seedUserBoard(t, 'owner@example.com');
    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.pro, owner.user.id]);
    const editor = await teammate(owner.cookie, owner.board.id, 'editor@example.com');
    // On PostgreSQL the editor's requests go to a second instance on the same database.
    other = testDialect() === 'postgres' ? await createTestApp({ sharedWith: t }) : undefined;
    const editorApp = other ?? t;
    const ids = await addLooseCards(owner.cookie, owner.board.id, 24);
    const batchesOf = (list: number[], size: number) =>
      Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
    const mine = batchesOf(ids.slice(0, 12), 3);
    const theirs = batchesOf(ids.slice(12), 3);
    const before = await changeCount(owner.board.id);
    const dropAt = [{ x: 30, y: 100 }];
    await Promise.all([
      ...mine.map((chunk) =>
        send(t, owner.cookie, owner.board.id, [
          { type: 'cards.place', ids: chunk, sectionId: owner.section.id, at: dropAt },
        ]),
      ),
      ...theirs.map((chunk) =>
        send(editorApp, editor.cookie, owner.board.id, [
          { type: 'cards.place', ids: chunk, sectionId: owner.section.id, at: dropAt },
        ]),
      ),
    ]);
    // One version per batch, in a chain.
    expect(await changeCount(owner.board.id)).toBe(before + mine.length + theirs.length);
    const state = await boardState(owner.cookie, owner.board.id);
    expect(state.cards).toHaveLength(26);
    const members = state.cards.filter((c) => c.sectionId === owner.section.id).map((c) => c.id);
    expect(members.sort((x, y) => x - y)).toEqual([owner.cards[0].id, ...ids].sort((x, y) => x - y));
    expectValidLayout(state);
  });

  it('two organizes at once leave one valid layout: the shared auto-layout of the board', async () => {
    t = await createTestApp();
    const { cookie, board, section } = await seedUserBoard(t);
    other = await createTestApp({ sharedWith: t });
    const ids = await addLooseCards(cookie, board.id, 30);
    await send(t, cookie, board.id, [{ type: 'cards.place', ids: ids.slice(0, 10), sectionId: section.id }]);
    await Promise.all([
      send(t, cookie, board.id, [{ type: 'board.organize' }]),
      send(other, cookie, board.id, [{ type: 'board.organize' }]),
    ]);
    const state = await boardState(cookie, board.id);
    expectValidLayout(state);
    const expected = organizeLayout({
      cards: [...state.cards]
        .sort((a, b) => a.id - b.id)
        .map((c) => ({
          id: c.id,
          sectionId: c.sectionId,
          orientation: c.orientation === 'vertical' ? 'vertical' : 'horizontal',
        })),
      sections: state.sections.map((s) => ({ id: s.id, size: s.size, locked: false })),
    });
    for (const placed of expected.cards)
      expect(state.cards.find((c) => c.id === placed.id)!.position).toEqual(placed.position);
  });

  it('organizes a large board on the layout thread: the shared layout, in one change, while small boards stay inline', async () => {
    // The thread takes boards from 20,000 cards; this one takes them from 600, so a test board is large enough.
    const threshold = 600;
    t = await createTestApp({ extraDeps: { layoutWorker: new LayoutWorker({ fromCards: threshold }) } });
    const { user, cookie, board, section } = await seedUserBoard(t);
    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.pro, user.id]);
    const ids = await addLooseCards(cookie, board.id, threshold);
    await send(t, cookie, board.id, [{ type: 'cards.place', ids: ids.slice(0, 200), sectionId: section.id }]);
    const before = await changeCount(board.id);
    await send(t, cookie, board.id, [{ type: 'board.organize' }]);
    expect(await changeCount(board.id)).toBe(before + 1);
    expect(t.deps.layoutWorker.answered).toBe(1);
    const state = await boardState(cookie, board.id);
    const expected = organizeLayout({
      cards: [...state.cards]
        .sort((a, b) => a.id - b.id)
        .map((c) => ({
          id: c.id,
          sectionId: c.sectionId,
          orientation: c.orientation === 'vertical' ? 'vertical' : 'horizontal',
        })),
      sections: state.sections.map((s) => ({ id: s.id, size: s.size, locked: false })),
    });
    expect(state.cards.map((c) => ({ id: c.id, position: c.position })).sort((a, b) => a.id - b.id)).toEqual(
      expected.cards.sort((a, b) => a.id - b.id),
    );
    // One card fewer than the threshold: laid out in the loop, the thread not asked again.
    const over = ids.slice(threshold - 1 - state.cards.length);
    await send(
      t,
      cookie,
      board.id,
      over.map((id) => ({ type: 'card.delete', id })),
    );
    await send(t, cookie, board.id, [{ type: 'board.organize' }]);
    expect(t.deps.layoutWorker.answered).toBe(1);
  });

  it('a delete closes its section in the same change; its undo brings back the same card, place and bookmarks', async () => {
    t = await createTestApp();
    const owner = await seedUserBoard(t, 'owner@example.com');
    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.pro, owner.user.id]);
    const mate = await teammate(owner.cookie, owner.board.id, 'mate@example.com');
    const ids = await addLooseCards(owner.cookie, owner.board.id, 3);
    await send(t, owner.cookie, owner.board.id, [{ type: 'cards.place', ids, sectionId: owner.section.id }]);
    const [victim, after] = [ids[0], ids[1]];
    await send(t, mate.cookie, owner.board.id, [{ type: 'card.bookmark', id: victim, value: true }]);
    const placed = await boardState(owner.cookie, owner.board.id);
    const was = placed.cards.find((c) => c.id === victim)!;
    const v0 = await changeCount(owner.board.id);

    const deleted = opsResult.parse(await send(t, owner.cookie, owner.board.id, [{ type: 'card.delete', id: victim }]));
    expect(await changeCount(owner.board.id)).toBe(v0 + 1);
    expect(deleted.change.removedCardIds).toEqual([victim]);
    // The next card moved up into the freed slot, told in the same change.
    const gapClosed = await boardState(owner.cookie, owner.board.id);
    expect(gapClosed.cards.find((c) => c.id === after)!.position).toEqual(was.position);
    expect(deleted.change.cards.map((row) => row[0])).toContain(after);

    const restored = opsResult.parse(
      await send(t, owner.cookie, owner.board.id, [{ type: 'card.restore', id: victim }]),
    );
    expect(await changeCount(owner.board.id)).toBe(v0 + 2);
    expect(restored.change.cards.map((row) => row[0])).toContain(victim);
    const back = await boardState(owner.cookie, owner.board.id);
    expect(back.cards.find((c) => c.id === victim)).toMatchObject({
      sectionId: owner.section.id,
      position: was.position,
    });
    for (const c of placed.cards) expect(back.cards.find((x) => x.id === c.id)!.position).toEqual(c.position);
    // The teammate's bookmark came back with it; the owner's own state is theirs.
    const mateBookmarks = (await expectJson(t, 'GET', '/api/bookmarks', 200, { cookie: mate.cookie })).map(
      (c: { id: number }) => c.id,
    );
    expect(mateBookmarks).toContain(victim);
    expect(back.cards.find((c) => c.id === victim)!.isBookmarked).toBe(0);
    // Restored once: a second restore finds nothing.
    await send(t, owner.cookie, owner.board.id, [{ type: 'card.restore', id: victim }], 404);
  });

  it('a section dragged with its cards: they travel with it, and what it now covers is pushed aside', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    const ids = await addLooseCards(cookie, board.id, 2);
    await send(t, cookie, board.id, [{ type: 'cards.place', ids, sectionId: section.id }]);
    const before = await boardState(cookie, board.id);
    // Drop it right onto the loose card: that card is pushed out of its way.
    const loose = before.cards.find((c) => c.id === cards[1].id)!;
    const to = { x: loose.position.x - 10, y: loose.position.y - 10 };
    const changesBefore = await changeCount(board.id);
    await send(t, cookie, board.id, [{ type: 'section.move', id: section.id, position: to, withCards: true }]);
    expect(await changeCount(board.id)).toBe(changesBefore + 1);
    const after = await boardState(cookie, board.id);
    const was = before.sections.find((s) => s.id === section.id)!;
    expect(after.sections.find((s) => s.id === section.id)!.position).toEqual(to);
    for (const c of before.cards.filter((x) => x.sectionId === section.id))
      expect(after.cards.find((x) => x.id === c.id)!.position).toEqual({
        x: c.position.x + to.x - was.position.x,
        y: c.position.y + to.y - was.position.y,
      });
    expect(after.cards.find((c) => c.id === cards[1].id)!.position).not.toEqual(loose.position);
    expectValidLayout(after);
  });

  it('restores into no section when the card’s section was deleted meanwhile', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    await send(t, cookie, board.id, [{ type: 'card.delete', id: cards[0].id }]);
    await send(t, cookie, board.id, [{ type: 'section.delete', id: section.id }]);
    await send(t, cookie, board.id, [{ type: 'card.restore', id: cards[0].id }]);
    const card = await expectJson(t, 'GET', `/api/cards/${cards[0].id}`, 200, { cookie });
    expect(card).toMatchObject({ id: cards[0].id, sectionId: null, title: 'Daily offer' });
  });
});
