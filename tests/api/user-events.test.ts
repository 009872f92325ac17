import { afterEach, describe, expect, it } from 'vitest';
import { liveUserNews } from '#shared/schemas/live';
import { PLAN_IDS } from '#shared/plans';
import { hashPassword } from '../../api/services/auth.service';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app';
import { openCaughtUpStream, SseReader, type SseEvent } from '../helpers/sse-reader';
import { SCREEN_ID_HEADER } from '#shared/screen-id';
import { expectJson, seedUserBoard } from './fixtures/board-api';

/**
 * A user's own news (GET /api/current-user/events, and the same `user` events on a board's stream): every
 * signed-in screen of theirs hears that their boards list or their plan and usage changed, on any instance.
 */
describe('user news on live streams', () => {
  const apps: TestApp[] = [];
  const readers: SseReader[] = [];
  afterEach(async () => {
    for (const reader of readers.splice(0)) await reader.close();
    for (const app of apps.splice(0).reverse()) await app.close();
  });
  const open = async (options: Parameters<typeof createTestApp>[0] = {}) => {
    const app = await createTestApp(options);
    apps.push(app);
    return app;
  };
  /** The user stream of `cookie` on `t`, caught up (its `ready` read). */
  const userStream = async (t: TestApp, cookie: string) => {
    const res = await t.call('GET', '/api/current-user/events', { cookie });
    expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = new SseReader(res.body!);
    readers.push(reader);
    await reader.next('ready');
    return reader;
  };
  const news = (kind: 'boards' | 'account') => (e: SseEvent) =>
    e.event === 'user' && liveUserNews.parse(JSON.parse(e.data)).news === kind;
  const ask = async (t: TestApp, cookie: string, boardId: number) =>
    expect(
      (await t.call('POST', '/api/gemini/process', { cookie, json: { query: 'battle pass', boardId } })).status,
    ).toBe(200);

  it("a search on one screen tells the user's other screens, the user stream and the board's, that usage moved", async () => {
    const t = await open({ catalogue: 'demo' });
    const { cookie, board } = await seedUserBoard(t);
    const other = await userStream(t, cookie);
    const onBoard = await openCaughtUpStream(t, board.id, cookie, readers);
    await ask(t, cookie, board.id);
    await other.next(news('account'));
    await onBoard.next(news('account'));
    // And the count they read again is the new one.
    const me = await expectJson(t, 'GET', '/api/auth/user', 200, { cookie });
    expect(me.usage_count).toBe(1);
  });

  it('an accepted invitation and a removal reach the boards list of the people concerned, and only theirs', async () => {
    const t = await open();
    const owner = await seedUserBoard(t, 'owner@example.com');
    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.basic, owner.user.id]);
    const sam = await t.signIn('sam@example.com');
    const vic = await t.signIn('vic@example.com');
    const samHears = await userStream(t, sam.cookie);
    const ownerHears = await userStream(t, owner.cookie);
    const vicHears = await userStream(t, vic.cookie);

    const { invitation } = await expectJson(t, 'POST', `/api/boards/${owner.board.id}/members`, 201, {
      cookie: owner.cookie,
      json: { email: sam.user.email, role: 'editor' },
    });
    // The invitation shows in Sam's list of invitations at once.
    await samHears.next(news('boards'));
    await expectJson(t, 'POST', `/api/invitations/${invitation.code}/accept`, 200, { cookie: sam.cookie });
    await samHears.next(news('boards'));
    await ownerHears.next(news('boards'));

    // A rename through the ops door renames the board in Sam's list too.
    await expectJson(t, 'POST', `/api/boards/${owner.board.id}/ops`, 200, {
      cookie: owner.cookie,
      json: { batchId: `rename-${process.pid}`, ops: [{ type: 'board.rename', title: 'Renamed' }] },
    });
    await samHears.next(news('boards'));

    await expectJson(t, 'DELETE', `/api/boards/${owner.board.id}/members/${sam.user.id}`, 200, {
      cookie: owner.cookie,
    });
    await samHears.next(news('boards'));
    // Vic had no part in any of it: the first news Vic hears is of Vic's own board.
    // The news names the tab whose request made it (that tab has its answer already and reads nothing again).
    await expectJson(t, 'POST', '/api/boards', 201, {
      cookie: vic.cookie,
      json: { title: "Vic's" },
      headers: { [SCREEN_ID_HEADER]: 'vics-tab-0001' },
    });
    const first = await vicHears.next('user');
    expect(first.data).toBe(JSON.stringify({ news: 'boards', screen: 'vics-tab-0001' }));
    expect(vicHears.drain()).toEqual([]);
  });

  it("an owner's account deleted: the boards leave their members' lists on every screen of theirs", async () => {
    const t = await open();
    const owner = await seedUserBoard(t, 'leaver@example.com');
    await t.sql('update users set plan_id = ?, password_hash = ? where id = ?', [
      PLAN_IDS.basic,
      await hashPassword('lantern-quiet-93'),
      owner.user.id,
    ]);
    const sam = await t.signIn('sam@example.com');
    const { invitation } = await expectJson(t, 'POST', `/api/boards/${owner.board.id}/members`, 201, {
      cookie: owner.cookie,
      json: { email: sam.user.email, role: 'viewer' },
    });
    await expectJson(t, 'POST', `/api/invitations/${invitation.code}/accept`, 200, { cookie: sam.cookie });
    const samHears = await userStream(t, sam.cookie);
    await expectJson(t, 'DELETE', '/api/account', 200, {
      cookie: owner.cookie,
      json: { password: 'lantern-quiet-93' },
    });
    await samHears.next(news('boards'));
  });

  it('takes one of the stream places (429 past the cap) and needs a session (401)', async () => {
    const t = await open({ env: { LOOT_LIVE_STREAMS_PER_USER: '1' } });
    const { cookie } = await seedUserBoard(t);
    await userStream(t, cookie);
    expect((await t.call('GET', '/api/current-user/events', { cookie })).status).toBe(429);
    expect((await t.call('GET', '/api/current-user/events')).status).toBe(401);
  });

  // PostgreSQL only: two instances share the database; on SQLite the one process hands news over itself.
  it.skipIf(testDialect() !== 'postgres')(
    "carries a search on one instance to the user's stream on another (LISTEN/NOTIFY)",
    async () => {
      const a = await open({ catalogue: 'demo' });
      const b = await open({ sharedWith: a });
      const { cookie, board } = await seedUserBoard(a);
      const onB = await userStream(b, cookie);
      await ask(a, cookie, board.id);
      await onB.next(news('account'));
    },
  );
});
