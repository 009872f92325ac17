import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import { boardContentPage } from '#shared/schemas/board-content';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addMember, dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';

/**
 * Bookmarks are per person on team boards: the owner and each member have their own on any board they
 * can see; a bookmark changes nothing of the board for anyone else; a removed member's go; a restored board gets
 * its members, invitations and bookmarks back.
 */
describe('per-person bookmarks on a team board', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function teamBoard() {
    const owner = await seedUserBoard(t, 'owner@example.com');
    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.pro, owner.user.id]);
    // A second board, so the owner may delete the first.
    await expectJson(t, 'POST', '/api/boards', 201, { cookie: owner.cookie, json: { title: 'Spare' } });
    const viewer = await t.signIn('viewer@example.com');
    await addMember(t, owner.board.id, owner.cookie, { email: 'viewer@example.com', role: 'viewer' });
    return { ...owner, viewer };
  }
  const origin = { origin: 'http://localhost' };
  const bookmarkIds = async (cookie: string) =>
    (await expectJson(t, 'GET', '/api/bookmarks', 200, { cookie })).map((c: { id: number }) => c.id);
  const marks = async (cookie: string, boardId: number) =>
    Object.fromEntries(
      (await expectJson(t, 'GET', `/api/cards?boardId=${boardId}`, 200, { cookie })).map(
        (c: { id: number; isBookmarked: number }) => [c.id, c.isBookmarked],
      ),
    );
  const contentMarks = async (cookie: string, boardId: number) => {
    const page = boardContentPage.parse(await expectJson(t, 'GET', `/api/boards/${boardId}/content`, 200, { cookie }));
    return Object.fromEntries(page.rows.map((row) => [row[0], row[5]]));
  };
  const boardLog = async (boardId: number) =>
    JSON.stringify([
      await t.sql('select * from board_changes where board_id = ? order by id', [boardId]),
      await t.sql('select * from board_content_versions where board_id = ?', [boardId]),
    ]);

  for (const door of ['ops', 'route'] as const) {
    it(`owner and viewer each keep their own (${door === 'ops' ? 'POST ops' : 'PATCH /api/cards/:id/bookmark'}); the board does not change`, async () => {
      t = await createTestApp();
      const b = await teamBoard();
      const [a, c] = b.cards.map((card: { id: number }) => card.id);
      const logBefore = await boardLog(b.board.id);
      const toggle = async (cookie: string, id: number) =>
        door === 'ops'
          ? (
              await expectJson(t, 'POST', `/api/boards/${b.board.id}/ops`, 200, {
                cookie,
                json: { batchId: `mark-${id}-${cookie.length}`, ops: [{ type: 'card.bookmark', id, value: true }] },
              })
            ).change.cards[0]
          : await expectJson(t, 'PATCH', `/api/cards/${id}/bookmark`, 200, { cookie, headers: origin });
      const ownerAnswer = await toggle(b.cookie, a);
      const viewerAnswer = await toggle(b.viewer.cookie, c);
      // The answer says the sender's own bookmark.
      expect(door === 'ops' ? ownerAnswer[5] : ownerAnswer.isBookmarked).toBe(1);
      expect(door === 'ops' ? viewerAnswer[5] : viewerAnswer.isBookmarked).toBe(1);

      expect(await bookmarkIds(b.cookie)).toEqual([a]);
      expect(await bookmarkIds(b.viewer.cookie)).toEqual([c]);
      expect(await marks(b.cookie, b.board.id)).toEqual({ [a]: 1, [c]: 0 });
      expect(await marks(b.viewer.cookie, b.board.id)).toEqual({ [a]: 0, [c]: 1 });
      expect(await contentMarks(b.cookie, b.board.id)).toEqual({ [a]: 1, [c]: 0 });
      expect(await contentMarks(b.viewer.cookie, b.board.id)).toEqual({ [a]: 0, [c]: 1 });
      expect((await expectJson(t, 'GET', `/api/cards/${c}`, 200, { cookie: b.viewer.cookie })).isBookmarked).toBe(1);
      expect((await expectJson(t, 'GET', `/api/cards/${c}`, 200, { cookie: b.cookie })).isBookmarked).toBe(0);
      // Nothing of the board moved: no change logged or sent to the other screens, the content version stays.
      expect(await boardLog(b.board.id)).toBe(logBefore);
      expect(
        (await expectJson(t, 'GET', `/api/boards/${b.board.id}/changes?since=0`, 200, { cookie: b.viewer.cookie }))
          .changes ?? [],
      ).not.toContainEqual(expect.objectContaining({ cards: expect.arrayContaining([expect.arrayContaining([c])]) }));
    });
  }

  it('a board change the others hear carries no one’s bookmark; its sender’s answer carries theirs', async () => {
    t = await createTestApp();
    const b = await teamBoard();
    const [a] = b.cards.map((card: { id: number }) => card.id);
    await expectJson(t, 'PATCH', `/api/cards/${a}/bookmark`, 200, { cookie: b.cookie, headers: origin });
    const { version } = boardContentPage.parse(
      await expectJson(t, 'GET', `/api/boards/${b.board.id}/content`, 200, { cookie: b.cookie }),
    );
    const moved = await expectJson(t, 'POST', `/api/boards/${b.board.id}/ops`, 200, {
      cookie: b.cookie,
      json: { batchId: 'move-a-once', ops: [{ type: 'card.move', id: a, position: { x: 9, y: 9 } }] },
    });
    expect(moved.change.cards[0][5]).toBe(1);
    const heard = await expectJson(t, 'GET', `/api/boards/${b.board.id}/changes?since=${version}`, 200, {
      cookie: b.viewer.cookie,
    });
    expect(heard.changes.map((ch: { cards: unknown[][] }) => ch.cards.map((row) => [row[0], row[5]]))).toEqual([
      [[a, 0]],
    ]);
  });

  it('a stranger gets 404 and writes nothing; a card of another board is not found', async () => {
    t = await createTestApp();
    const b = await teamBoard();
    const stranger = await seedUserBoard(t, 'stranger@example.com');
    const before = await dumpBoardTables(t);
    await expectJson(t, 'PATCH', `/api/cards/${b.cards[0].id}/bookmark`, 404, {
      cookie: stranger.cookie,
      headers: origin,
    });
    await expectJson(t, 'POST', `/api/boards/${b.board.id}/ops`, 404, {
      cookie: stranger.cookie,
      json: { batchId: 'stranger-mark', ops: [{ type: 'card.bookmark', id: b.cards[0].id }] },
    });
    // A card of another board named in this board's batch: 404, nothing set.
    await expectJson(t, 'POST', `/api/boards/${b.board.id}/ops`, 404, {
      cookie: b.viewer.cookie,
      json: { batchId: 'other-board-mark', ops: [{ type: 'card.bookmark', id: stranger.cards[0].id }] },
    });
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('a removed member loses their bookmarks of the board; the owner keeps theirs', async () => {
    t = await createTestApp();
    const b = await teamBoard();
    const [a, c] = b.cards.map((card: { id: number }) => card.id);
    await expectJson(t, 'PATCH', `/api/cards/${a}/bookmark`, 200, { cookie: b.cookie, headers: origin });
    await expectJson(t, 'PATCH', `/api/cards/${c}/bookmark`, 200, { cookie: b.viewer.cookie, headers: origin });
    await expectJson(t, 'DELETE', `/api/boards/${b.board.id}/members/${b.viewer.user.id}`, 200, {
      cookie: b.cookie,
      headers: origin,
    });
    expect(await bookmarkIds(b.viewer.cookie)).toEqual([]);
    expect(await t.sql('select card_id from card_bookmarks where user_id = ?', [b.viewer.user.id])).toEqual([]);
    expect(await bookmarkIds(b.cookie)).toEqual([a]);
  });

  it('a board restored after delete gets its members, invitations and everyone’s bookmarks back', async () => {
    t = await createTestApp();
    const b = await teamBoard();
    const [a, c] = b.cards.map((card: { id: number }) => card.id);
    await expectJson(t, 'PATCH', `/api/cards/${a}/bookmark`, 200, { cookie: b.cookie, headers: origin });
    await expectJson(t, 'PATCH', `/api/cards/${c}/bookmark`, 200, { cookie: b.viewer.cookie, headers: origin });
    await expectJson(t, 'POST', `/api/boards/${b.board.id}/members`, 201, {
      cookie: b.cookie,
      json: { email: 'later@example.com', role: 'editor' },
    });
    await expectJson(t, 'POST', `/api/boards/${b.board.id}/invitations`, 201, {
      cookie: b.cookie,
      json: { role: 'viewer' },
    });
    const before = await dumpBoardTables(t);
    const members = await expectJson(t, 'GET', `/api/boards/${b.board.id}/members`, 200, { cookie: b.cookie });

    await expectJson(t, 'DELETE', `/api/boards/${b.board.id}`, 200, { cookie: b.cookie, headers: origin });
    expect(await bookmarkIds(b.viewer.cookie)).toEqual([]);
    await expectJson(t, 'GET', `/api/cards?boardId=${b.board.id}`, 404, { cookie: b.viewer.cookie });
    await expectJson(t, 'POST', `/api/boards/${b.board.id}/restore`, 200, { cookie: b.cookie });

    expect(await dumpBoardTables(t)).toBe(before);
    expect(await expectJson(t, 'GET', `/api/boards/${b.board.id}/members`, 200, { cookie: b.cookie })).toEqual(members);
    expect(await bookmarkIds(b.viewer.cookie)).toEqual([c]);
    expect(await bookmarkIds(b.cookie)).toEqual([a]);
    expect(await marks(b.viewer.cookie, b.board.id)).toEqual({ [a]: 0, [c]: 1 });
  });

  it('a snapshot taken before bookmarks were per person restores its bookmarked cards as the owner’s', async () => {
    t = await createTestApp();
    const b = await teamBoard();
    const [a] = b.cards.map((card: { id: number }) => card.id);
    await expectJson(t, 'DELETE', `/api/boards/${b.board.id}`, 200, { cookie: b.cookie, headers: origin });
    // The stored snapshot as 0016 wrote it: cards carry is_bookmarked, no members, invitations or bookmarks.
    const [{ id, snapshot }] = await t.sql<{ id: number; snapshot: string }>(
      'select id, snapshot from deleted_boards where board_id = ?',
      [b.board.id],
    );
    const old = JSON.parse(snapshot) as { board: unknown; sections: unknown[]; cards: { id: number }[] };
    const legacy = {
      board: old.board,
      sections: old.sections,
      cards: old.cards.map((card) => ({ ...card, is_bookmarked: card.id === a ? 1 : 0 })),
    };
    await t.sql('update deleted_boards set snapshot = ? where id = ?', [JSON.stringify(legacy), id]);
    await expectJson(t, 'POST', `/api/boards/${b.board.id}/restore`, 200, { cookie: b.cookie });
    expect(await bookmarkIds(b.cookie)).toEqual([a]);
    expect(await t.sql('select count(*) n from board_members where board_id = ?', [b.board.id])).toEqual([{ n: 0 }]);
  });
});
