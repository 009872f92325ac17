import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, insertQuery, seedUserBoard } from './fixtures/board-api';

describe('PATCH /api/queries/:id/rating', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('saves a 1–5 rating on the caller’s own query, and a later rating replaces it', async () => {
    t = await createTestApp();
    const { user, cookie, board } = await seedUserBoard(t);
    const queryId = await insertQuery(t, user.id, board.id);
    expect(
      await expectJson(t, 'PATCH', `/api/queries/${queryId}/rating`, 200, { cookie, json: { rating: 4 } }),
    ).toEqual({ id: queryId, rating: 4 });
    expect(
      await expectJson(t, 'PATCH', `/api/queries/${queryId}/rating`, 200, { cookie, json: { rating: 1 } }),
    ).toEqual({ id: queryId, rating: 1 });
    expect((await t.sql('select rating from queries where id = ?', [queryId]))[0]).toEqual({ rating: 1 });
  });

  it('refuses ratings outside 1–5 and non-numbers, writing nothing', async () => {
    t = await createTestApp();
    const { user, cookie, board } = await seedUserBoard(t);
    const queryId = await insertQuery(t, user.id, board.id);
    const before = await dumpBoardTables(t);
    for (const rating of [0, 6, 2.5, '5', null, true, [5]]) {
      const body = await expectJson(t, 'PATCH', `/api/queries/${queryId}/rating`, 400, { cookie, json: { rating } });
      expect(body.error.field).toBe('rating');
      expect(body.error.message).toMatch(/^Rating /);
    }
    await expectJson(t, 'PATCH', `/api/queries/${queryId}/rating`, 400, { cookie, json: {} });
    await expectJson(t, 'PATCH', '/api/queries/999999/rating', 404, { cookie, json: { rating: 3 } });
    await expectJson(t, 'PATCH', `/api/queries/${queryId}/rating`, 401, { json: { rating: 3 } });
    expect(await dumpBoardTables(t)).toBe(before);
  });
});
