import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import { processQueryResponse } from '#shared/schemas/search';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Listed = { id: number; autoLayoutDone: number };

/**
 * "Laid out once" is the board's alone (no browser keeps it): the writes that lay a board out themselves set it in
 * the same write, and an upgrade that opens sections laid out as locked placeholders clears it, so the next screen
 * to open the board lays it out with their cards.
 */
describe("the board's layout flag, kept by the server's own writes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ catalogue: 'demo' });
  });
  afterAll(() => t.close());

  const flagOf = async (cookie: string, boardId: number) =>
    ((await (await t.call('GET', '/api/boards', { cookie })).json()) as Listed[]).find((b) => b.id === boardId)
      ?.autoLayoutDone;

  async function ask(cookie: string, boardId: number, query: string) {
    const res = await t.call('POST', '/api/gemini/process', { cookie, json: { query, boardId } });
    expect(res.status).toBe(200);
    const answer = processQueryResponse.parse(await res.json());
    expect(answer.success).toBe(true);
    return answer;
  }

  it("a query's results, laid out by the server, mark the board laid out in the same change", async () => {
    const user = await t.signIn('asker@example.com', { monthlyLimit: -1 });
    const board = await (
      await t.call('POST', '/api/boards', { cookie: user.cookie, json: { title: 'Untitled' } })
    ).json();
    expect(await flagOf(user.cookie, board.id)).toBe(0);
    const answer = await ask(user.cookie, board.id, 'Starter Pack in Match-3');
    expect(answer.change?.board?.autoLayoutDone).toBe(true);
    expect(await flagOf(user.cookie, board.id)).toBe(1);
    // A second query on a laid-out board says nothing about the flag: it stays set.
    const again = await ask(user.cookie, board.id, 'battle pass');
    expect(again.change?.board?.autoLayoutDone).toBeUndefined();
    expect(await flagOf(user.cookie, board.id)).toBe(1);
  });

  it('an upgrade clears the flag of the boards it opens locked sections on, and of no other', async () => {
    const user = await t.signIn('upgrader@example.com', { monthlyLimit: -1 });
    const newBoard = async (title: string) =>
      (await (await t.call('POST', '/api/boards', { cookie: user.cookie, json: { title } })).json()) as { id: number };
    const withLocks = await newBoard('Untitled');
    await ask(user.cookie, withLocks.id, 'Starter Pack in Match-3');
    const locked = await t.sql<{ n: number }>('select count(*) n from sections where board_id = ? and locked = 1', [
      withLocks.id,
    ]);
    expect(Number(locked[0].n)).toBeGreaterThan(0);
    // A board with no locked section (an empty one, flagged by its owner's screen).
    const plain = await newBoard('Plain');
    await t.call('POST', `/api/boards/${plain.id}/ops`, {
      cookie: user.cookie,
      json: { batchId: 'plain-board-flag', ops: [{ type: 'board.autoLayoutDone', value: true }] },
    });
    expect(await flagOf(user.cookie, withLocks.id)).toBe(1);
    expect(await flagOf(user.cookie, plain.id)).toBe(1);

    const res = await t.call('PATCH', '/api/user/plan', { cookie: user.cookie, json: { planId: PLAN_IDS.pro } });
    expect(res.status).toBe(200);
    expect(await flagOf(user.cookie, withLocks.id)).toBe(0);
    expect(await flagOf(user.cookie, plain.id)).toBe(1);
    // Nothing is locked any more, and a downgrade back does not clear a flag again.
    const relaid = await t.call('POST', `/api/boards/${withLocks.id}/ops`, {
      cookie: user.cookie,
      json: {
        batchId: 'relaid-after-upgrade',
        ops: [{ type: 'board.organize' }, { type: 'board.autoLayoutDone', value: true }],
      },
    });
    expect(relaid.status, await relaid.clone().text()).toBe(200);
    expect(await flagOf(user.cookie, withLocks.id)).toBe(1);
    expect(
      (await t.call('PATCH', '/api/user/plan', { cookie: user.cookie, json: { planId: PLAN_IDS.free } })).status,
    ).toBe(200);
    expect(await flagOf(user.cookie, withLocks.id)).toBe(1);
  });
});
