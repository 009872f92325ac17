import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';

describe('boards API', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('needs a session', async () => {
    t = await createTestApp();
    await expectJson(t, 'GET', '/api/boards', 401);
    await expectJson(t, 'POST', '/api/boards', 401, { json: { title: 'x' } });
  });

  it('creates a board with a slug and lists own boards by id, ignoring userId and _t', async () => {
    t = await createTestApp();
    const { user, cookie } = await t.signIn();
    const other = await t.signIn();
    await expectJson(t, 'POST', '/api/boards', 201, { cookie: other.cookie, json: { title: 'Not mine' } });
    const created = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: '  Match 3  Shops ' } });
    expect(created).toMatchObject({
      title: 'Match 3  Shops',
      slug: 'match-3-shops',
      isShared: 0,
      userId: user.id,
      shareCode: null,
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();
    const second = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Second' } });

    const list = await expectJson(t, 'GET', `/api/boards?userId=${other.user.id}&_t=123`, 200, { cookie });
    expect(list.map((b: any) => b.id)).toEqual([created.id, second.id]);
    // Team boards: each listed board says the user's role on it; an own board has no `owner` field; `autoLayoutDone` is the board's first-layout flag.
    expect(Object.keys(list[0]).sort()).toEqual([
      'autoLayoutDone',
      'createdAt',
      'id',
      'isShared',
      'role',
      'slug',
      'title',
      'updatedAt',
      'userId',
    ]);
    expect(list[0].role).toBe('owner');
    expect(await expectJson(t, 'GET', '/api/boards?userId=undefined', 200, { cookie })).toHaveLength(2);
  });

  it("names untitled boards 'Untitled', then 'Untitled N' one above the highest", async () => {
    t = await createTestApp();
    const { cookie } = await t.signIn();
    const create = async (json: unknown) => (await expectJson(t, 'POST', '/api/boards', 201, { cookie, json })).title;
    expect(await create({})).toBe('Untitled');
    expect(await create({ title: '   ' })).toBe('Untitled 2');
    expect(await create({ title: null })).toBe('Untitled 3');
    expect(await create({ title: 'Untitled 9' })).toBe('Untitled 9');
    expect(await create({ title: 'Untitled notes' })).toBe('Untitled notes');
    expect(await create({ title: '' })).toBe('Untitled 10');
    // Another user's numbering is their own.
    const other = await t.signIn();
    expect((await expectJson(t, 'POST', '/api/boards', 201, { cookie: other.cookie, json: {} })).title).toBe(
      'Untitled',
    );
  });

  it('renames (slug follows) and rejects a blank title without writing', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const renamed = await expectJson(t, 'PATCH', `/api/boards/${board.id}`, 200, {
      cookie,
      json: { title: 'Puzzle UI' },
    });
    expect(renamed).toMatchObject({ id: board.id, title: 'Puzzle UI', slug: 'puzzle-ui' });
    const before = await dumpBoardTables(t);
    for (const json of [
      { title: '   ' },
      { title: '' },
      { title: 42 },
      {},
      { title: 'x'.repeat(201) },
      { isShared: 2 },
    ]) {
      const body = await expectJson(t, 'PATCH', `/api/boards/${board.id}`, 400, { cookie, json });
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.field).toMatch(/title|isShared|json/);
      expect(body.error.message).toMatch(/^(Title|Is shared|.*isShared)/);
    }
    expect(await dumpBoardTables(t)).toBe(before);
    await expectJson(t, 'PATCH', '/api/boards/999999', 404, { cookie, json: { title: 'x' } });
    await expectJson(t, 'PATCH', '/api/boards/abc', 400, { cookie, json: { title: 'x' } });
  });

  it('shares with a fresh unguessable code, keeps it while shared, and clears it on unshare', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const shared = await expectJson(t, 'PATCH', `/api/boards/${board.id}`, 200, { cookie, json: { isShared: 1 } });
    expect(shared.isShared).toBe(1);
    expect(shared.shareCode).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const again = await expectJson(t, 'PATCH', `/api/boards/${board.id}`, 200, { cookie, json: { isShared: 1 } });
    expect(again.shareCode).toBe(shared.shareCode);
    const unshared = await expectJson(t, 'PATCH', `/api/boards/${board.id}`, 200, { cookie, json: { isShared: 0 } });
    expect(unshared).toMatchObject({ isShared: 0, shareCode: null });
    const reshared = await expectJson(t, 'PATCH', `/api/boards/${board.id}`, 200, { cookie, json: { isShared: 1 } });
    expect(reshared.shareCode).not.toBe(shared.shareCode);
    const row = (await t.sql('select is_shared, share_code from boards where id = ?', [board.id]))[0] as any;
    expect(row).toEqual({ is_shared: 1, share_code: reshared.shareCode });
  });

  it('deletes a board with its cards and sections, but never the last board (409)', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const keep = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Keep' } });
    const keptCard = await expectJson(t, 'POST', '/api/cards', 201, { cookie, json: { boardId: keep.id, title: 'k' } });
    expect(await expectJson(t, 'DELETE', `/api/boards/${board.id}`, 200, { cookie })).toEqual({
      success: true,
      id: board.id,
      cards: 2,
    });
    const count = async (sql: string) => ((await t.sql(sql, [board.id]))[0] as { n: number }).n;
    expect(await count('select count(*) n from cards where board_id = ?')).toBe(0);
    expect(await count('select count(*) n from sections where board_id = ?')).toBe(0);
    expect(await t.sql('select id from cards')).toEqual([{ id: keptCard.id }]);
    await expectJson(t, 'DELETE', `/api/boards/${board.id}`, 404, { cookie });

    const before = await dumpBoardTables(t);
    const refused = await expectJson(t, 'DELETE', `/api/boards/${keep.id}`, 409, { cookie });
    expect(refused.error).toEqual({ code: 'conflict', message: expect.stringMatching(/last board/) });
    expect(await dumpBoardTables(t)).toBe(before);
  });
});

describe('PATCH /api/boards/:id/layout', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('saves card positions and section boxes in one call', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    const res = await expectJson(t, 'PATCH', `/api/boards/${board.id}/layout`, 200, {
      cookie,
      json: {
        updates: [
          { type: 'card', id: cards[0].id, position: { x: 25, y: 115 } },
          { type: 'card', id: cards[1].id, position: { x: -10.5, y: 700 } },
          { type: 'section', id: section.id, position: { x: 0, y: 50 }, size: { width: 400, height: 370 } },
        ],
      },
    });
    expect(res).toEqual({ success: true, cards: 2, sections: 1 });
    const listed = await expectJson(t, 'GET', `/api/cards?boardId=${board.id}`, 200, { cookie });
    expect(listed.map((c: any) => c.position)).toEqual([
      { x: 25, y: 115 },
      { x: -10.5, y: 700 },
    ]);
    const sections = await expectJson(t, 'GET', `/api/sections?boardId=${board.id}`, 200, { cookie });
    expect(sections[0]).toMatchObject({ position: { x: 0, y: 50 }, size: { width: 400, height: 370 } });
  });

  it('writes nothing when any item is not on the board, or the body is malformed', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    const otherBoard = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Other' } });
    const strayCard = await expectJson(t, 'POST', '/api/cards', 201, {
      cookie,
      json: { boardId: otherBoard.id, title: 's' },
    });
    const good = { type: 'card', id: cards[0].id, position: { x: 1, y: 2 } };
    const before = await dumpBoardTables(t);
    const url = `/api/boards/${board.id}/layout`;
    await expectJson(t, 'PATCH', url, 404, {
      cookie,
      json: { updates: [good, { type: 'card', id: strayCard.id, position: { x: 0, y: 0 } }] },
    });
    await expectJson(t, 'PATCH', url, 404, {
      cookie,
      json: {
        updates: [
          good,
          { type: 'section', id: section.id + 100, position: { x: 0, y: 0 }, size: { width: 1, height: 1 } },
        ],
      },
    });
    // A card id used as a section id is not a section of this board.
    await expectJson(t, 'PATCH', url, 404, {
      cookie,
      json: {
        updates: [
          good,
          { type: 'section', id: cards[1].id + 50, position: { x: 0, y: 0 }, size: { width: 1, height: 1 } },
        ],
      },
    });
    for (const updates of [
      [good, { type: 'card', id: cards[1].id }],
      [good, { type: 'section', id: section.id, position: { x: 0, y: 0 } }],
      [good, { type: 'frame', id: 1, position: { x: 0, y: 0 } }],
      [good, { type: 'card', id: '1', position: { x: 0, y: 0 } }],
      [good, { type: 'section', id: section.id, position: { x: 0, y: 0 }, size: { width: -5, height: 10 } }],
      'nope',
    ]) {
      const body = await expectJson(t, 'PATCH', url, 400, { cookie, json: { updates } });
      expect(body.error.field).toMatch(/^updates/);
    }
    await expectJson(t, 'PATCH', url, 400, { cookie, json: {} });
    expect(await dumpBoardTables(t)).toBe(before);
  });

  // SQLite only: seeds 100,000 cards through one SQLite prepared statement (PostgreSQL's layout save: postgres-app.test.ts).
  it.skipIf(testDialect() === 'postgres')(
    'saves 100,000 items in one request',
    async () => {
      t = await createTestApp();
      const { user, cookie } = await t.signIn();
      const board = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Huge' } });
      const insert = t.db.$client.prepare('insert into cards (board_id, title) values (?, ?)');
      t.db.$client.transaction(() => {
        for (let i = 0; i < 100_000; i++) insert.run(board.id, `card ${i}`);
      })();
      const ids = (
        (await t.sql('select id from cards where board_id = ? order by id', [board.id])) as { id: number }[]
      ).map((r) => r.id);
      const updates = ids.map((id, i) => ({
        type: 'card',
        id,
        position: { x: (i % 5) * 370.5, y: Math.floor(i / 5) * 310 + 50 },
      }));
      const res = await expectJson(t, 'PATCH', `/api/boards/${board.id}/layout`, 200, { cookie, json: { updates } });
      expect(res).toEqual({ success: true, cards: 100_000, sections: 0 });
      const last = (await t.sql('select x, y from cards where id = ?', [ids[99_999]]))[0];
      expect(last).toEqual({ x: 4 * 370.5, y: 19_999 * 310 + 50 });
      expect(user.id).toBeGreaterThan(0);
    },
    30_000,
  );
});
