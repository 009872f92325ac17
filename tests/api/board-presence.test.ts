import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import { livePresence, type LivePresence } from '#shared/schemas/live';
import { boardChange, opsResult } from '#shared/schemas/board-ops';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { openCaughtUpStream, SseReader, type SseEvent } from '../helpers/sse-reader';
import { addMember, expectJson, seedUserBoard } from './fixtures/board-api';

/** Team boards ("Presence"): who has a board open, told on its event stream; who made each change. */
describe('board presence', () => {
  let t: TestApp;
  const readers: SseReader[] = [];
  afterEach(async () => {
    await Promise.all(readers.splice(0).map((r) => r.close()));
    await t?.close();
  });

  /** A Basic owner with a seeded board and an editor (added through the members route). */
  async function team() {
    const owner = await seedUserBoard(t, 'owner@example.com');
    await t.sql('update users set plan_id = ?, first_name = ? where id = ?', [PLAN_IDS.basic, 'Anna', owner.user.id]);
    const sam = await t.signIn('sam@example.com');
    await addMember(t, owner.board.id, owner.cookie, { email: 'sam@example.com', role: 'editor' });
    return { owner, sam, boardId: owner.board.id };
  }
  const openStream = (app: TestApp, boardId: number, cookie: string) =>
    openCaughtUpStream(app, boardId, cookie, readers);
  const people = (event: SseEvent): LivePresence['people'] => livePresence.parse(JSON.parse(event.data)).people;
  /** The next presence event that names exactly these people (earlier ones, told before the set settled, pass). */
  async function presenceOf(stream: SseReader, names: string[]): Promise<LivePresence['people']> {
    const event = await stream.next(
      (e) => e.event === 'presence' && JSON.stringify(people(e).map((p) => p.name)) === JSON.stringify(names),
    );
    return people(event);
  }

  async function scenario(first: TestApp, second: TestApp) {
    const { owner, sam, boardId } = await team();
    const ownerStream = await openStream(first, boardId, owner.cookie);
    // The first presence follows `ready` at once: the owner alone.
    const [afterReady] = await ownerStream.until('presence');
    expect(people(afterReady)).toEqual([{ userId: owner.user.id, name: 'Anna' }]);

    const samStream = await openStream(second, boardId, sam.cookie);
    const both = [
      { userId: owner.user.id, name: 'Anna' },
      { userId: sam.user.id, name: 'sam' },
    ];
    expect(await presenceOf(samStream, ['Anna', 'sam'])).toEqual(both);
    expect(await presenceOf(ownerStream, ['Anna', 'sam'])).toEqual(both);

    // A second tab of the same person counts once.
    const samAgain = await openStream(first, boardId, sam.cookie);
    expect(await presenceOf(samAgain, ['Anna', 'sam'])).toEqual(both);
    await samAgain.close();

    // A change names who made it.
    const moved = opsResult.parse(
      await expectJson(second, 'POST', `/api/boards/${boardId}/ops`, 200, {
        cookie: sam.cookie,
        json: {
          batchId: 'presence-move-1',
          ops: [{ type: 'card.move', id: owner.cards[1].id, position: { x: 40, y: 40 } }],
        },
      }),
    );
    expect(moved.change.author).toEqual({ userId: sam.user.id, name: 'sam' });
    const heard = boardChange.parse(JSON.parse((await ownerStream.next('change')).data));
    expect(heard.author).toEqual({ userId: sam.user.id, name: 'sam' });

    // Sam closes the board: the owner hears the set without Sam.
    await samStream.close();
    expect(await presenceOf(ownerStream, ['Anna'])).toEqual([{ userId: owner.user.id, name: 'Anna' }]);
    // Nobody else heard of a stream that is gone.
    expect((await t.sql('select user_id from live_streams')).map((r) => Number(r.user_id))).toEqual([owner.user.id]);
  }

  it('each of two people on a board sees both; when one closes it, the other sees them go', async () => {
    t = await createTestApp();
    await scenario(t, t);
  });

  it('on PostgreSQL the people are told across instances', async (ctx) => {
    t = await createTestApp();
    if (t.dialect !== 'postgres') return ctx.skip();
    const other = await createTestApp({ sharedWith: t });
    try {
      await scenario(t, other);
    } finally {
      await Promise.all(readers.splice(0).map((r) => r.close()));
      await other.close();
    }
  });

  it('a removed member’s stream ends and the others see them go', async () => {
    t = await createTestApp();
    const { owner, sam, boardId } = await team();
    const ownerStream = await openStream(t, boardId, owner.cookie);
    const samStream = await openStream(t, boardId, sam.cookie);
    await presenceOf(ownerStream, ['Anna', 'sam']);
    await expectJson(t, 'DELETE', `/api/boards/${boardId}/members/${sam.user.id}`, 200, { cookie: owner.cookie });
    expect((await samStream.untilEnd()).map((e) => e.event).filter((e) => e !== 'presence' && e !== 'user')).toEqual([
      'gone',
    ]);
    expect(await presenceOf(ownerStream, ['Anna'])).toEqual([{ userId: owner.user.id, name: 'Anna' }]);
  });

  it('two people moving one card: the later write wins, and every stream ends at it', async () => {
    t = await createTestApp();
    const { owner, sam, boardId } = await team();
    const cardId = owner.cards[1].id;
    const streams = [await openStream(t, boardId, owner.cookie), await openStream(t, boardId, sam.cookie)];
    const move = (cookie: string, batchId: string, x: number) =>
      expectJson(t, 'POST', `/api/boards/${boardId}/ops`, 200, {
        cookie,
        json: { batchId, ops: [{ type: 'card.move', id: cardId, position: { x, y: 0 } }] },
      });
    await Promise.all([move(owner.cookie, 'lww-owner-1', 100), move(sam.cookie, 'lww-sam-1', 200)]);
    const last = await move(owner.cookie, 'lww-owner-2', 300).then((r) => opsResult.parse(r).change.version);
    // Each stream applies the changes in version order and lands where the last write put the card.
    for (const stream of streams) {
      let x: number | undefined;
      for (;;) {
        const change = boardChange.parse(JSON.parse((await stream.next('change')).data));
        x = change.cards.find((row) => row[0] === cardId)?.[2] ?? x;
        if (change.version === last) break;
      }
      expect(x).toBe(300);
    }
    const cards = (await expectJson(t, 'GET', `/api/cards?boardId=${boardId}`, 200, { cookie: sam.cookie })) as {
      id: number;
      position: { x: number };
    }[];
    expect(cards.find((c) => c.id === cardId)!.position.x).toBe(300);
  });
});
