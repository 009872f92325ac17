import { afterEach, describe, expect, it } from 'vitest';
import { BOARD_BATCH_BODY_BYTES_MAX, BOARD_BATCH_ITEMS_MAX } from '#shared/constants';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, seedUserBoard } from './fixtures/board-api';

/**
 * The ops door's limits (SECURITY.md: one request never stalls the others): a batch is at most a board's worth of
 * ops, a layout.set at most as many items, the body at most what they need; and each user may send so many ops a
 * minute, counted in the database so the limit holds across instances. A refused batch writes nothing.
 */
describe('board operations limits', () => {
  let t: TestApp;
  let second: TestApp | undefined;
  afterEach(async () => {
    await second?.close();
    second = undefined;
    await t?.close();
  });

  let batches = 0;
  const batchId = () => `limits-${process.pid}-${(batches += 1)}`;
  const post = (app: TestApp, cookie: string, boardId: number, ops: unknown[]) =>
    app.call('POST', `/api/boards/${boardId}/ops`, {
      cookie,
      json: { batchId: batchId(), ops },
      headers: { origin: 'http://localhost' },
    });

  it('refuses a batch of more ops than a board’s worth with 400 naming the cap, writing nothing', async () => {
    t = await createTestApp();
    const { cookie, board, cards } = await seedUserBoard(t);
    const before = await dumpBoardTables(t);
    const ops = Array.from({ length: BOARD_BATCH_ITEMS_MAX + 1 }, (_, i) => ({
      type: 'card.move',
      id: cards[i % 2].id,
      position: { x: i, y: i },
    }));
    const res = await post(t, cookie, board.id, ops);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(String(BOARD_BATCH_ITEMS_MAX));
    expect(error.message).toMatch(/several batches/);
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('refuses a layout.set of more items than a board’s worth, writing nothing', async () => {
    t = await createTestApp();
    const { cookie, board, cards } = await seedUserBoard(t);
    const before = await dumpBoardTables(t);
    const entries = Array.from({ length: BOARD_BATCH_ITEMS_MAX + 1 }, (_, i) => ({
      id: cards[i % 2].id,
      position: { x: i, y: 0 },
    }));
    const res = await post(t, cookie, board.id, [{ type: 'layout.set', cards: entries }]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      String(BOARD_BATCH_ITEMS_MAX),
    );
    expect(await dumpBoardTables(t)).toBe(before);
    // An entry far down the list is checked like the first, and named by its place.
    const oneBad = entries.slice(0, 2_000).map((e, i) => (i === 1_500 ? { ...e, position: { x: 'left', y: 0 } } : e));
    const bad = await post(t, cookie, board.id, [{ type: 'layout.set', cards: oneBad }]);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe('ops.0.cards.1500.position.x');
    expect(await dumpBoardTables(t)).toBe(before);
    // At the cap it is applied.
    const atCap = entries.slice(0, BOARD_BATCH_ITEMS_MAX);
    expect((await post(t, cookie, board.id, [{ type: 'layout.set', cards: atCap }])).status).toBe(200);
  });

  it('refuses a body over the ops door’s limit with 413, writing nothing', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const before = await dumpBoardTables(t);
    // Few ops, each carrying a long description: the body, not the count, is over.
    const description = 'x'.repeat(9_000);
    const count = Math.ceil(BOARD_BATCH_BODY_BYTES_MAX / description.length) + 1;
    const ops = Array.from({ length: count }, (_, i) => ({
      type: 'card.create',
      card: { title: `Card ${i}`, description },
    }));
    const res = await post(t, cookie, board.id, ops);
    expect(res.status).toBe(413);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('payload_too_large');
    expect(error.message).toMatch(/several batches/);
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('limits each user’s ops per minute with 429 and Retry-After, on every instance, and lifts after the minute', async () => {
    t = await createTestApp({ env: { LOOT_BOARD_OPS_PER_MINUTE: '100' } });
    second = await createTestApp({ sharedWith: t, env: { LOOT_BOARD_OPS_PER_MINUTE: '100' } });
    const { cookie, board, cards } = await seedUserBoard(t);
    const other = await seedUserBoard(t, 'other@example.com');
    const moves = (n: number, at: number) =>
      Array.from({ length: n }, (_, i) => ({ type: 'card.move', id: cards[i % 2].id, position: { x: at, y: i } }));
    expect((await post(t, cookie, board.id, moves(60, 1))).status).toBe(200);
    // The other instance counts the same minute: 60 + 50 is over 100.
    const before = await dumpBoardTables(t);
    const refused = await post(second, cookie, board.id, moves(50, 2));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const { error } = (await refused.json()) as { error: { code: string; message: string; retryAfter: number } };
    expect(error.code).toBe('too_many_attempts');
    expect(error.message).toMatch(/Too many board changes/);
    expect(error.retryAfter).toBe(retryAfter);
    expect(await dumpBoardTables(t)).toBe(before);
    // Another user has their own minute.
    expect(
      (
        await post(second, other.cookie, other.board.id, [
          { type: 'card.move', id: other.cards[0].id, position: { x: 5, y: 5 } },
        ])
      ).status,
    ).toBe(200);
    // A minute later the first user may write again.
    (t.deps.clock as unknown as { advance(ms: number): void }).advance(61_000);
    expect((await post(second, cookie, board.id, moves(50, 3))).status).toBe(200);
  });

  it('counts card and section writes through their REST routes against the same limit', async () => {
    t = await createTestApp({ env: { LOOT_BOARD_OPS_PER_MINUTE: '100' } });
    const { cookie, board, cards } = await seedUserBoard(t);
    const move = (x: number) =>
      t.call('PATCH', `/api/cards/${cards[0].id}/position`, { cookie, json: { position: { x, y: 0 } } });
    // Each REST write is one op, counted in tens: at most ten of them fit in the minute's 100.
    let accepted = 0;
    let refused: Response | null = null;
    for (let x = 1; x <= 11 && !refused; x += 1) {
      const res = await move(x);
      if (res.status === 429) {
        refused = res;
      } else {
        expect(res.status).toBe(200);
        accepted += 1;
      }
    }
    expect(refused, 'a REST write past the limit').not.toBeNull();
    expect(accepted).toBeLessThanOrEqual(10);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    const before = await dumpBoardTables(t);
    expect(
      (await t.call('POST', '/api/sections', { cookie, json: { boardId: board.id, title: 'One too many' } })).status,
    ).toBe(429);
    // The same minute as the ops door's.
    expect(
      (await post(t, cookie, board.id, [{ type: 'card.move', id: cards[0].id, position: { x: 99, y: 0 } }])).status,
    ).toBe(429);
    expect(await dumpBoardTables(t)).toBe(before);
    // Reading is not writing.
    expect((await t.call('GET', `/api/cards?boardId=${board.id}`, { cookie })).status).toBe(200);
  });
});
