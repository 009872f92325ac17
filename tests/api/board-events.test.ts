import { afterEach, describe, expect, it } from 'vitest';
import { boardChange, changesAnswer } from '#shared/schemas/board-ops';
import { liveVersion } from '#shared/schemas/live';
import { metricsRegistry } from '../../api/ops/metrics';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app';
import { SseReader } from '../helpers/sse-reader';
import { expectJson, seedUserBoard } from './fixtures/board-api';

/** GET /api/boards/:id/events: every applied change reaches every open screen of the board. */
describe('live board events', () => {
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

  let batches = 0;
  const send = async (t: TestApp, cookie: string, boardId: number, ops: unknown[], status = 200) =>
    await expectJson(t, 'POST', `/api/boards/${boardId}/ops`, status, {
      cookie,
      json: { batchId: `events-${process.pid}-${(batches += 1)}`, ops },
    });

  /** Opens a stream; answers the reader once the stream says it has caught up. */
  const listen = async (
    t: TestApp,
    cookie: string,
    boardId: number,
    resume: { since?: number; lastEventId?: string } = {},
  ) => {
    const query = resume.since === undefined ? '' : `?since=${resume.since}`;
    const res = await t.call('GET', `/api/boards/${boardId}/events${query}`, {
      cookie,
      headers: resume.lastEventId ? { 'last-event-id': resume.lastEventId } : {},
    });
    expect(res.status, await (res.status === 200 ? Promise.resolve('') : res.clone().text())).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = new SseReader(res.body!);
    readers.push(reader);
    return reader;
  };
  const version = async (t: TestApp, boardId: number) =>
    Number(
      (await t.sql<{ version: number }>('select version from board_content_versions where board_id = ?', [boardId]))[0]
        .version,
    );

  it('sends every applied batch, REST writes included, to each open screen, ids carrying the version', async () => {
    const t = await open();
    const { cookie, board, cards } = await seedUserBoard(t);
    const first = await listen(t, cookie, board.id);
    const second = await listen(t, cookie, board.id);
    for (const reader of [first, second])
      expect(liveVersion.parse(JSON.parse((await reader.next('ready')).data)).version).toBe(await version(t, board.id));

    await send(t, cookie, board.id, [{ type: 'card.move', id: cards[0].id, position: { x: 70, y: 80 } }]);
    await expectJson(t, 'PATCH', `/api/sections/${cards[0].sectionId}`, 200, {
      cookie,
      json: { title: 'Renamed live' },
    });
    for (const reader of [first, second]) {
      const moved = await reader.next('change');
      const change = boardChange.parse(JSON.parse(moved.data));
      expect(moved.id).toBe(String(change.version));
      expect(change.cards.map((row) => [row[0], row[2], row[3]])).toEqual([[cards[0].id, 70, 80]]);
      const renamed = boardChange.parse(JSON.parse((await reader.next('change')).data));
      expect(renamed.fromVersion).toBe(change.version);
      expect(renamed.sections.map((s) => s.title)).toEqual(['Renamed live']);
      expect(renamed.version).toBe(await version(t, board.id));
    }
  });

  it('resumes from a version: what was missed first (?since= or Last-Event-ID), then live; a gap asks for a reload', async () => {
    const t = await open();
    const { cookie, board, cards } = await seedUserBoard(t);
    const start = await version(t, board.id);
    await send(t, cookie, board.id, [{ type: 'card.move', id: cards[0].id, position: { x: 1, y: 1 } }]);
    await send(t, cookie, board.id, [{ type: 'card.delete', id: cards[1].id }]);
    let expected = 2;
    for (const resume of [{ since: start }, { lastEventId: String(start) }]) {
      const reader = await listen(t, cookie, board.id, resume);
      // The user's own news (the board made by the seed, announced on PostgreSQL a moment later) is not the board's.
      const told = (await reader.until('ready')).filter((e) => e.event !== 'user');
      const ready = liveVersion.parse(JSON.parse(told.pop()!.data));
      const missed = told.map((e) => boardChange.parse(JSON.parse(e.data)));
      expect(missed).toHaveLength(expected);
      expect(missed.map((c) => c.fromVersion)).toEqual([start, ...missed.slice(0, -1).map((c) => c.version)]);
      expect(missed[1].removedCardIds).toEqual([cards[1].id]);
      expect(missed.at(-1)!.version).toBe(ready.version);
      await send(t, cookie, board.id, [{ type: 'card.move', id: cards[0].id, position: { x: 2, y: 2 } }]);
      expect(boardChange.parse(JSON.parse((await reader.next('change')).data)).fromVersion).toBe(ready.version);
      expected += 1;
      await reader.close();
    }
    // A write the log cannot tell (straight into the database): the screen is told to load the board again.
    await t.sql('update cards set title = ? where id = ?', ['behind its back', cards[0].id]);
    const behind = await listen(t, cookie, board.id, { since: start });
    expect(liveVersion.parse(JSON.parse((await behind.next('reload')).data)).version).toBe(await version(t, board.id));
    await t
      .call('GET', `/api/boards/${board.id}/events`, { cookie, headers: { 'last-event-id': 'abc' } })
      .then((res) => expect(res.status).toBe(400));
  });

  it('is heard only by who may see the board: 404 for another user and a missing board, 401 for a guest', async () => {
    const t = await open();
    const { cookie } = await seedUserBoard(t);
    const other = await seedUserBoard(t, 'other@example.com');
    expect((await t.call('GET', `/api/boards/${other.board.id}/events`, { cookie })).status).toBe(404);
    expect((await t.call('GET', '/api/boards/987654/events', { cookie })).status).toBe(404);
    expect((await t.call('GET', `/api/boards/${other.board.id}/events`)).status).toBe(401);
  });

  it('caps the streams one user holds (429 past it) and frees a place when one closes', async () => {
    const t = await open({ env: { LOOT_LIVE_STREAMS_PER_USER: '3' } });
    const { cookie, board } = await seedUserBoard(t);
    const held = [
      await listen(t, cookie, board.id),
      await listen(t, cookie, board.id),
      await listen(t, cookie, board.id),
    ];
    for (const reader of held) await reader.next('ready');
    const refused = await t.call('GET', `/api/boards/${board.id}/events`, { cookie });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('too_many_streams');
    // Another user is not counted against this one.
    const other = await seedUserBoard(t, 'other@example.com');
    await (await listen(t, other.cookie, other.board.id)).next('ready');
    await held[0].close();
    // The close is recorded as the stream ends; the next open finds its place free.
    await expect
      .poll(async () =>
        Number(
          (
            await t.sql<{ n: number }>(
              'select count(*) n from live_streams where user_id = (select user_id from boards where id = ?)',
              [board.id],
            )
          )[0].n,
        ),
      )
      .toBe(2);
    await (await listen(t, cookie, board.id)).next('ready');
  });

  it('counts open streams in the live-streams gauge and, when the server drains, ends them with a retry hint', async () => {
    const t = await open();
    const { cookie, board } = await seedUserBoard(t);
    const gauge = async () =>
      (await metricsRegistry.getSingleMetric('loot_live_streams_open')!.get()).values[0]?.value ?? 0;
    const before = await gauge();
    const reader = await listen(t, cookie, board.id);
    await reader.next('ready');
    expect(await gauge()).toBe(before + 1);
    await t.deps.lifecycle.drain({ retryAfterMs: 2_000 });
    const last = await reader.untilEnd();
    expect(last.at(-1)).toMatchObject({ retry: 2_000, data: '' });
    expect(await gauge()).toBe(before);
  });

  it('sends heartbeats', async () => {
    const t = await open({ env: { LOOT_LIVE_HEARTBEAT_MS: '20' } });
    const { cookie, board } = await seedUserBoard(t);
    const reader = await listen(t, cookie, board.id);
    const ready = liveVersion.parse(JSON.parse((await reader.next('ready')).data));
    expect(liveVersion.parse(JSON.parse((await reader.next('ping')).data))).toEqual(ready);
  });

  it("never carries a free owner's hidden cards; a change too large to carry goes as its version", async () => {
    const t = await open();
    const { cookie, board } = await seedUserBoard(t);
    const reader = await listen(t, cookie, board.id);
    await reader.next('ready');
    const titles = ['Shops', 'Offers', 'Events', 'Passes', 'Chests', 'Ads'];
    const { refs, change } = await send(t, cookie, board.id, [
      ...titles.map((title, i) => ({ type: 'section.create', ref: `s${i}`, section: { title, color: '#E2ECE9' } })),
      ...titles.map((_, i) => ({
        type: 'card.create',
        ref: `c${i}`,
        card: { title: `card ${i}`, sectionId: 0, sectionRef: `s${i}` },
      })),
    ]);
    const locked = new Set(
      (change.sections as { id: number; locked: boolean }[]).filter((s) => s.locked).map((s) => s.id),
    );
    const hidden = titles
      .map((_, i) => i)
      .filter((i) => locked.has(refs[`s${i}`]))
      .map((i) => refs[`c${i}`] as number);
    expect(hidden.length).toBeGreaterThan(0);
    const live = boardChange.parse(JSON.parse((await reader.next('change')).data));
    for (const id of hidden) expect(live.cards.map((row) => row[0])).not.toContain(id);
    expect(live.cards).toHaveLength(titles.length - hidden.length);

    // 400 cards with a long description each: well past what one stream message carries.
    const long = 'x'.repeat(1_000);
    await send(
      t,
      cookie,
      board.id,
      Array.from({ length: 400 }, (_, i) => ({ type: 'card.create', card: { title: `big ${i}`, description: long } })),
    );
    const told = liveVersion.parse(JSON.parse((await reader.next('version')).data));
    expect(told.version).toBe(await version(t, board.id));
    // The screen fetches it.
    const fetched = changesAnswer.parse(
      await expectJson(t, 'GET', `/api/boards/${board.id}/changes?since=${live.version}`, 200, { cookie }),
    );
    expect(fetched.kind === 'changes' && fetched.changes[0].cards.length).toBe(400);
  });

  it('tells the open screens of a deleted board that it is gone', async () => {
    const t = await open();
    const { cookie, board } = await seedUserBoard(t);
    await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Another' } });
    const reader = await listen(t, cookie, board.id);
    await reader.next('ready');
    await expectJson(t, 'DELETE', `/api/boards/${board.id}`, 200, { cookie });
    // The reason tells a deleted board from a member's removal.
    expect(JSON.parse((await reader.next('gone')).data)).toMatchObject({ reason: 'deleted' });
  });

  // PostgreSQL only: the instance's LISTEN connection is cut (a database restart, a failover).
  it.skipIf(testDialect() !== 'postgres')(
    'catches up when the LISTEN connection comes back: changes announced meanwhile are not lost',
    async () => {
      const t = await open();
      const { cookie, board, cards } = await seedUserBoard(t);
      const reader = await listen(t, cookie, board.id);
      await reader.next('ready');
      await t.sql(
        "select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN %' and datname = current_database()",
      );
      await send(t, cookie, board.id, [{ type: 'card.move', id: cards[0].id, position: { x: 9, y: 9 } }]);
      const now = await version(t, board.id);
      // Whether the NOTIFY got through or the reconnect found the version moved, the screen hears of `now`.
      await reader.next((e) => (e.event === 'change' || e.event === 'version') && JSON.parse(e.data).version === now);
    },
  );

  // PostgreSQL only: two instances share the database; on SQLite the one process hands changes over itself.
  it.skipIf(testDialect() !== 'postgres')(
    'carries a change made on one instance to a screen on another (LISTEN/NOTIFY)',
    async () => {
      const a = await open();
      const b = await open({ sharedWith: a });
      const { cookie, board, cards } = await seedUserBoard(a);
      const onB = await listen(b, cookie, board.id);
      await onB.next('ready');
      await send(a, cookie, board.id, [{ type: 'card.move', id: cards[0].id, position: { x: 5, y: 6 } }]);
      const change = boardChange.parse(JSON.parse((await onB.next('change')).data));
      expect(change.cards.map((row) => [row[0], row[2], row[3]])).toEqual([[cards[0].id, 5, 6]]);
      // Past NOTIFY's 8,000 bytes only the version travels between instances.
      await send(
        a,
        cookie,
        board.id,
        Array.from({ length: 40 }, (_, i) => ({
          type: 'card.create',
          card: { title: `wide ${i}`, description: 'y'.repeat(300) },
        })),
      );
      expect(liveVersion.parse(JSON.parse((await onB.next('version')).data)).version).toBe(await version(a, board.id));
    },
  );
});
