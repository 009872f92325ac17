import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { features, games } from '../../api/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('POST /api/demo-board (localhost only, streamed progress)', () => {
  let t: TestApp;
  let server: ServerType;
  let base: string;

  beforeEach(async () => {
    t = await createTestApp();
    const g = await t.db
      .insert(games)
      .values({ name: 'Royal Match', genre: 'Puzzle', subgenre: 'Match-3' })
      .returning()
      .then((r) => r[0]);
    await t.db.insert(features).values([
      { gameId: g.id, featureScreenName: 'Royal Pass', primaryTag: 'Monetization', secondaryTag: 'Season Pass' },
      { gameId: g.id, featureScreenName: 'Lightning Rush', primaryTag: 'LiveOps', secondaryTag: 'Competitions' },
    ]);
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((r) => server.close(r));
    await t.close();
  });

  const post = (cookie: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/demo-board`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}), ...headers },
      body: JSON.stringify(body),
    });

  it('builds the board in a child process and streams progress then the result', async () => {
    const { user, cookie } = await t.signIn();
    const res = await post(cookie, { cards: 3000, sections: 4 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const last = lines.at(-1);
    expect(last).toMatchObject({ cards: 3000, sections: 4, boardId: expect.any(Number) });
    expect(lines.slice(0, -1).every((l) => l.total === 3000 && l.done <= 3000)).toBe(true);
    expect(lines.at(-2)).toEqual({ done: 3000, total: 3000 });
    const owner = (
      await t.sql(
        'select user_id, auto_layout_done, (select count(*) from cards where board_id = boards.id) n from boards where id = ?',
        [last.boardId],
      )
    )[0];
    // Laid out by the server as it is written: no screen runs a first auto-layout over it.
    expect(owner).toEqual({ user_id: user.id, auto_layout_done: 1, n: 3000 });
  });

  it('refuses guests, bad sizes, forwarded requests, and requests without a loopback socket', async () => {
    const { cookie } = await t.signIn();
    expect((await post(undefined, { cards: 10 })).status).toBe(401);
    expect((await post(cookie, { cards: 0 })).status).toBe(400);
    expect((await post(cookie, { cards: 200_001 })).status).toBe(400);
    expect((await post(cookie, { cards: 10 }, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    const noSocket = await t.call('POST', '/api/demo-board', { cookie, json: { cards: 10 } });
    expect(noSocket.status).toBe(404);
    expect((await t.sql('select count(*) n from boards'))[0]).toEqual({ n: 0 });
  });
});
