import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
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
