import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/ops/log';
import { requestFromPeer, sessionCookieFrom } from '../helpers/auth-requests';
import { linesWithSecrets } from '../helpers/log-secrets';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Line = {
  level: number;
  msg: string;
  reqId?: string;
  clientReqId?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
  userId?: number;
  err?: unknown;
};

/** A test app whose logger writes JSON lines into memory, as the server's does to stdout. */
async function loggedApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; text: () => string; lines: () => Line[] }> {
  const sink = new PassThrough();
  let text = '';
  sink.on('data', (chunk) => (text += chunk));
  const t = await createTestApp({ env, extraDeps: { log: createLogger({ destination: sink }) } });
  return {
    t,
    text: () => text,
    lines: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Line),
  };
}

describe('request logs', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('one JSON line per request: method, route pattern, status, ms, user id when signed in, the request id it sent back', async () => {
    // The proxy in front, on this machine, is trusted with the request id it passes on.
    const logged = await loggedApp({ LOOT_TRUSTED_PROXIES: 'loopback' });
    t = logged.t;
    const password = 'lantern-quiet-93 never logged';
    const registered = await t.call('POST', '/api/auth/register', { json: { email: 'logs@example.com', password } });
    expect(registered.status).toBe(201);
    const cookie = sessionCookieFrom(registered)!;
    const wrong = await t.call('POST', '/api/auth/login', {
      json: { email: 'logs@example.com', password: 'a wrong password here' },
    });
    expect(wrong.status).toBe(401);
    const board = await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Logged' } })).json();
    const shared = await t.call('PATCH', `/api/boards/${board.id}`, { cookie, json: { isShared: 1 } });
    const { shareCode } = await shared.json();
    expect(shareCode).toEqual(expect.any(String));
    const other = await t.signIn();
    expect((await t.call('GET', `/api/share/${shareCode}`, { cookie: other.cookie })).status).toBe(200);
    const forwarded = await requestFromPeer(t, '127.0.0.1', 'GET', '/api/boards', {
      cookie,
      headers: { 'x-request-id': 'proxy-abc-123' },
    });
    const missing = await t.call('GET', '/api/nope?token=secret-in-a-query');

    const requests = logged.lines().filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(7);
    expect(requests.map((l) => [l.method, l.route, l.status])).toEqual([
      ['POST', '/api/auth/register', 201],
      ['POST', '/api/auth/login', 401],
      ['POST', '/api/boards', 201],
      ['PATCH', '/api/boards/:id', 200],
      ['GET', '/api/share/:code', 200],
      ['GET', '/api/boards', 200],
      ['GET', '/api/*', 404],
    ]);
    expect(requests[0].userId).toBeUndefined();
    expect(requests[2].userId).toBe(board.userId);
    expect(requests[4].userId).toBe(other.user.id);
    for (const line of requests) expect(line.ms).toBeGreaterThanOrEqual(0);
    // Each id is the one the response carried; a plain id from the proxy is kept.
    expect(requests[0].reqId).toBe(registered.headers.get('x-request-id'));
    expect(requests[5].reqId).toBe('proxy-abc-123');
    expect(requests[5].clientReqId).toBeUndefined();
    expect(forwarded.headers.get('x-request-id')).toBe('proxy-abc-123');
    expect(requests[6].reqId).toBe(missing.headers.get('x-request-id'));
    expect(new Set(requests.map((l) => l.reqId)).size).toBe(7);

    const session = cookie.split('=')[1];
    expect(logged.text()).not.toContain(session);
    expect(
      linesWithSecrets(logged.text(), [
        password,
        'a wrong password here',
        shareCode,
        session,
        other.cookie.split('=')[1],
        'secret-in-a-query',
      ]),
    ).toEqual([]);
  });

  it('a request id from anyone but a trusted proxy is replaced, and logged beside the new one as clientReqId', async () => {
    const logged = await loggedApp({ LOOT_TRUSTED_PROXIES: '10.0.0.0/8' });
    t = logged.t;
    const { cookie } = await t.signIn();
    const sent = 'chosen-by-the-client-42';
    // A client straight on the socket, a client claiming to be behind the proxy, and a peer no socket names.
    const direct = await requestFromPeer(t, '203.0.113.7', 'GET', '/api/boards', {
      cookie,
      headers: { 'x-request-id': sent },
    });
    const claimed = await requestFromPeer(t, '203.0.113.7', 'GET', '/api/boards', {
      cookie,
      headers: { 'x-request-id': sent, 'x-forwarded-for': '10.0.0.2' },
    });
    const unknown = await t.call('GET', '/api/boards', { cookie, headers: { 'x-request-id': sent } });
    const viaProxy = await requestFromPeer(t, '10.0.0.2', 'GET', '/api/boards', {
      cookie,
      headers: { 'x-request-id': sent, 'x-forwarded-for': '203.0.113.7' },
    });
    const lines = logged.lines().filter((l) => l.msg === 'request');
    for (const [i, res] of [direct, claimed, unknown].entries()) {
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines[i]).toMatchObject({ reqId: res.headers.get('x-request-id'), clientReqId: sent });
    }
    expect(viaProxy.headers.get('x-request-id')).toBe(sent);
    expect(lines[3].reqId).toBe(sent);
    expect(lines[3].clientReqId).toBeUndefined();
    // Without LOOT_TRUSTED_PROXIES no peer is a proxy: loopback's id is replaced too.
    await t.close();
    const plain = await loggedApp();
    t = plain.t;
    const local = await requestFromPeer(t, '127.0.0.1', 'GET', '/api/health/live', {
      headers: { 'x-request-id': sent },
    });
    expect(local.headers.get('x-request-id')).not.toBe(sent);
  });

  it('a forwarded id that is not plain is replaced, even from a trusted proxy; an unhandled error is one error line with the request id, and no stack reaches the client', async () => {
    const logged = await loggedApp({ LOOT_TRUSTED_PROXIES: 'loopback' });
    t = logged.t;
    const odd = await requestFromPeer(t, '127.0.0.1', 'GET', '/api/boards', {
      headers: { 'x-request-id': 'bad id {"injected":1}' },
    });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged.text()).not.toContain('injected');
    // A table gone under the route: its query throws a database error, not an AppError.
    const { cookie } = await t.signIn();
    await t.sql('alter table boards rename to boards_gone');
    const boom = await t.call('GET', '/api/boards', { cookie });
    await t.sql('alter table boards_gone rename to boards');
    expect(boom.status).toBe(500);
    expect(await boom.text()).not.toMatch(/boards/);
    const lines = logged.lines();
    const error = lines.find((l) => l.msg === 'Unhandled error');
    expect(error).toMatchObject({
      level: 50,
      reqId: boom.headers.get('x-request-id'),
      method: 'GET',
      route: '/api/boards',
    });
    expect(JSON.stringify(error!.err)).toMatch(/boards/);
    expect(lines.filter((l) => l.msg === 'request').map((l) => l.status)).toEqual([401, 500]);
  });

  it('logs nothing without a logger (tests), and redacts credential fields whoever logs them', async () => {
    t = await createTestApp();
    expect((await t.call('GET', '/api/health/live')).status).toBe(200);
    const sink = new PassThrough();
    let text = '';
    sink.on('data', (chunk) => (text += chunk));
    createLogger({ destination: sink }).info(
      { password: 'hunter2-hunter2', user: { cookie: 'loot_session=abc' }, ok: 1 },
      'careless',
    );
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('abc');
    expect(JSON.parse(text)).toMatchObject({ password: '[redacted]', user: { cookie: '[redacted]' }, ok: 1 });
  });
});
