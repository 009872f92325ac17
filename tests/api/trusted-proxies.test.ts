import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { MAX_FAILURES_PER_IP } from '../../api/services/rate-limit.service';
import { countRows, requestFromPeer } from '../helpers/auth-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

const PROXY = '10.0.0.2';
const ALICE = '203.0.113.7';
const BOB = '198.51.100.20';

/** Behind a trusted reverse proxy, each client is still itself for every limit. */
describe('LOOT_TRUSTED_PROXIES', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const signInThroughProxy = (
    forwardedFor: string | null,
    email: string,
    peer = PROXY,
    headers: Record<string, string> = {},
  ) =>
    requestFromPeer(t, peer, 'POST', '/api/auth/login', {
      json: { email, password: 'wrong password 1' },
      headers: forwardedFor === null ? headers : { 'x-forwarded-for': forwardedFor, ...headers },
    });

  it('limits two clients behind one trusted proxy separately, on sign-in and on sign-up', async () => {
    t = await createTestApp({ env: { LOOT_TRUSTED_PROXIES: '10.0.0.0/8', LOOT_SIGNUP_LIMIT_PER_HOUR: '2' } });
    for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1)
      expect((await signInThroughProxy(ALICE, `spray${i}@example.com`)).status).toBe(401);
    expect((await signInThroughProxy(ALICE, 'one-more@example.com')).status).toBe(429);
    // Bob, through the same proxy, is not Alice.
    expect((await signInThroughProxy(BOB, 'bob@example.com')).status).toBe(401);
    const keys = (
      await t.sql<{ key: string }>("select distinct key from login_failures where key like 'ip:%' order by key")
    ).map((r) => r.key);
    expect(keys).toEqual([`ip:${BOB}`, `ip:${ALICE}`]);

    const registerThroughProxy = (client: string, email: string) =>
      requestFromPeer(t, PROXY, 'POST', '/api/auth/register', {
        json: { email, password: 'a long enough passphrase 7' },
        headers: { 'x-forwarded-for': client },
      });
    for (let i = 0; i < 2; i += 1)
      expect((await registerThroughProxy(ALICE, `alice${i}@example.com`)).status).toBe(201);
    expect((await registerThroughProxy(ALICE, 'alice-again@example.com')).status).toBe(429);
    expect((await registerThroughProxy(BOB, 'bob-signs-up@example.com')).status).toBe(201);
  });

  it('reads the right-most address that is not a trusted proxy: what a client writes on the left is never reached', async () => {
    t = await createTestApp({ env: { LOOT_TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8' } });
    // Alice forges a list; her proxy appends her real address, then a second trusted hop appends the first proxy's.
    for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1) {
      await signInThroughProxy(`192.0.2.${i}, 10.9.9.9, ${ALICE}, 10.0.0.5`, `forged${i}@example.com`, 'fd00::2');
    }
    expect((await signInThroughProxy(ALICE, 'alice@example.com')).status).toBe(429);
    // The standard Forwarded header names her the same way (read when there is no X-Forwarded-For).
    const viaForwarded = await signInThroughProxy(null, 'alice@example.com', PROXY, {
      forwarded: `for=192.0.2.1, for="${ALICE}:4711";proto=https`,
    });
    expect(viaForwarded.status).toBe(429);
    expect(await countRows(t, 'login_failures')).toBe(MAX_FAILURES_PER_IP * 2);
  });

  it('ignores a forged header from an untrusted peer: the limit keys on that peer', async () => {
    t = await createTestApp({ env: { LOOT_TRUSTED_PROXIES: '10.0.0.0/8' } });
    for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1) {
      await signInThroughProxy(`10.0.0.${i + 1}`, `spray${i}@example.com`, ALICE, { forwarded: `for=192.0.2.${i}` });
    }
    expect((await signInThroughProxy(BOB, 'fresh@example.com', ALICE)).status).toBe(429);
    const keys = await t.sql("select distinct key from login_failures where key like 'ip:%'");
    expect(keys).toEqual([{ key: `ip:${ALICE}` }]);
  });

  it('trusts a proxy on this machine with `loopback`, over a real socket; dev login is off behind it', async () => {
    t = await createTestApp({ env: { LOOT_TRUSTED_PROXIES: 'loopback' } });
    expect(t.config.devLoginEnabled).toBe(false);
    expect(t.config.devLoginReason).toContain('LOOT_TRUSTED_PROXIES');
    const server: ServerType = await new Promise((resolve, reject) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
      s.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    const post = (forwardedFor: string, email: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ email, password: 'wrong password 1' });
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/auth/login',
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': forwardedFor,
              origin: `http://127.0.0.1:${port}`,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1) expect(await post(ALICE, `spray${i}@example.com`)).toBe(401);
      expect(await post(ALICE, 'alice@example.com')).toBe(429);
      expect(await post(BOB, 'bob@example.com')).toBe(401);
      const devLogin = await new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/dev-login', headers: { host: 'localhost' } }, (res) =>
            resolve(res.statusCode ?? 0),
          )
          .on('error', reject);
      });
      expect(devLogin).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is validated at start, naming the variable', () => {
    for (const bad of ['nonsense', '10.0.0.0/33', '10.0.0.0/8/1', 'fd00::/129', '127.1', ' , ']) {
      expect(() => loadConfig({ LOOT_TRUSTED_PROXIES: bad, LOOT_DATA_DIR: '/tmp/unused' }), bad).toThrow(
        /LOOT_TRUSTED_PROXIES/,
      );
    }
    expect(loadConfig({ LOOT_DATA_DIR: '/tmp/unused' }).trustedProxies).toBeNull();
    expect(
      loadConfig({ LOOT_TRUSTED_PROXIES: 'loopback 10.0.0.0/8,192.0.2.7 fd00::/8', LOOT_DATA_DIR: '/tmp/unused' })
        .trustedProxies,
    ).toHaveLength(4);
  });
});
