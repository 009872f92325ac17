import { afterEach, describe, expect, it } from 'vitest';
import { BOARD_RESTORE_KEEP_MS } from '#shared/constants';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';

/** "No way to lose work by one click": a deleted board can be restored by its owner, whole. */
describe('board delete undo (POST /api/boards/:id/restore)', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function seeded() {
    const seed = await seedUserBoard(t);
    // A second board so the first may be deleted; a bookmark on the section's card.
    await expectJson(t, 'POST', '/api/boards', 201, { cookie: seed.cookie, json: { title: 'Other' } });
    await expectJson(t, 'PATCH', `/api/cards/${seed.cards[0].id}/bookmark`, 200, {
      cookie: seed.cookie,
      json: { isBookmarked: 1 },
    });
    return seed;
  }

  it('brings back the board with its sections, cards, positions and bookmarks, with the same ids', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seeded();
    await expectJson(t, 'PATCH', `/api/cards/${cards[1].id}/position`, 200, {
      cookie,
      json: { position: { x: 777, y: 333 } },
    });
    const before = await dumpBoardTables(t);
    await expectJson(t, 'DELETE', `/api/boards/${board.id}`, 200, { cookie });
    await expectJson(t, 'GET', `/api/cards?boardId=${board.id}`, 404, { cookie });
    expect(
      (await expectJson(t, 'GET', '/api/bookmarks', 200, { cookie })).map((c: { id: number }) => c.id),
    ).not.toContain(cards[0].id);

    const restored = await expectJson(t, 'POST', `/api/boards/${board.id}/restore`, 200, { cookie });
    expect(restored).toMatchObject({ id: board.id, title: 'Main Board' });
    expect(await dumpBoardTables(t)).toBe(before);
    const sections = await expectJson(t, 'GET', `/api/sections?boardId=${board.id}`, 200, { cookie });
    expect(sections.map((s: { id: number }) => s.id)).toEqual([section.id]);
    const back = await expectJson(t, 'GET', `/api/cards?boardId=${board.id}`, 200, { cookie });
    expect(back.find((c: { id: number }) => c.id === cards[0].id)).toMatchObject({
      sectionId: section.id,
      isBookmarked: 1,
    });
    expect(back.find((c: { id: number }) => c.id === cards[1].id).position).toEqual({ x: 777, y: 333 });
    expect((await expectJson(t, 'GET', '/api/bookmarks', 200, { cookie })).map((c: { id: number }) => c.id)).toContain(
      cards[0].id,
    );

    // Once only: the snapshot was used.
    await expectJson(t, 'DELETE', `/api/boards/${board.id}`, 200, { cookie });
    await expectJson(t, 'POST', `/api/boards/${board.id}/restore`, 200, { cookie });
    await expectJson(t, 'POST', `/api/boards/${board.id}/restore`, 404, { cookie });
  });

  it("is refused for another user's deleted board, an unknown id, a bad id, and after the keep time", async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    const { cookie, board } = await seeded();
    const stranger = await t.signIn('stranger@example.com');
    await expectJson(t, 'DELETE', `/api/boards/${board.id}`, 200, { cookie });
    const afterDelete = await dumpBoardTables(t);
    await expectJson(t, 'POST', `/api/boards/${board.id}/restore`, 404, { cookie: stranger.cookie });
    await expectJson(t, 'POST', `/api/boards/${board.id}/restore`, 401);
    await expectJson(t, 'POST', '/api/boards/999999/restore', 404, { cookie });
    await expectJson(t, 'POST', '/api/boards/abc/restore', 400, { cookie });
    expect(await dumpBoardTables(t)).toBe(afterDelete);

    clock.advance(BOARD_RESTORE_KEEP_MS + 1);
    await expectJson(t, 'POST', `/api/boards/${board.id}/restore`, 404, { cookie });
    expect(await dumpBoardTables(t)).toBe(afterDelete);
  });

  it("answers a live board, the user's own or another's, exactly like an id that never existed", async () => {
    t = await createTestApp();
    const { cookie, board } = await seeded();
    const stranger = await t.signIn('stranger@example.com');
    const before = await dumpBoardTables(t);
    const missing = await expectJson(t, 'POST', '/api/boards/999999/restore', 404, { cookie: stranger.cookie });
    // Another user's live board: no "exists already", so restore cannot tell which ids are someone's boards.
    expect(await expectJson(t, 'POST', `/api/boards/${board.id}/restore`, 404, { cookie: stranger.cookie })).toEqual(
      missing,
    );
    expect(await expectJson(t, 'POST', `/api/boards/${board.id}/restore`, 404, { cookie })).toEqual(missing);
    // Deleted by its owner, it is still nobody else's to restore.
    await expectJson(t, 'DELETE', `/api/boards/${board.id}`, 200, { cookie });
    expect(await expectJson(t, 'POST', `/api/boards/${board.id}/restore`, 404, { cookie: stranger.cookie })).toEqual(
      missing,
    );
    await expectJson(t, 'POST', `/api/boards/${board.id}/restore`, 200, { cookie });
    expect(await dumpBoardTables(t)).toBe(before);
  });
});
