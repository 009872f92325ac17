import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { createLogger } from '../../api/ops/log';
import { countRows, requestFromPeer, sessionCookieFrom } from '../helpers/auth-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

const PUBLIC = 'https://loot.example.com';
const password = 'a long enough passphrase 7';

/** A logger whose JSON lines the test reads back. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger({ level: 'info', destination }), lines };
}

/**
 * What a browser on https sends through a TLS-terminating proxy on this machine (README's nginx block): the proxy's
 * loopback peer, Host as the browser wrote it, X-Forwarded-Proto https, and the page's own Origin.
 */
const throughTlsProxy = (t: TestApp, email: string, headers: Record<string, string> = {}, peer = '127.0.0.1') =>
  requestFromPeer(t, peer, 'POST', 'http://loot.example.com/api/auth/register', {
    json: { email, password },
    headers: {
      host: 'loot.example.com',
      origin: PUBLIC,
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-proto': 'https',
      ...headers,
    },
  });

describe('our origin behind an https proxy', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('with LOOT_PUBLIC_URL, a write from its pages is accepted and the session cookie is Secure', async () => {
    t = await createTestApp({ env: { LOOT_PUBLIC_URL: PUBLIC, LOOT_TRUSTED_PROXIES: 'loopback' } });
    const res = await throughTlsProxy(t, 'tls@example.com');
    expect(res.status, await res.clone().text()).toBe(201);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('__Host-loot_session='));
    expect(cookie).toMatch(/; Secure/);
    expect((await t.call('GET', '/api/current-user', { cookie: sessionCookieFrom(res) })).status).toBe(200);
  });

  it('with LOOT_PUBLIC_URL, the Host header never decides: an Origin matching only the Host is refused and logged', async () => {
    const { log, lines } = capturedLog();
    t = await createTestApp({ env: { LOOT_PUBLIC_URL: PUBLIC, LOOT_TRUSTED_PROXIES: 'loopback' }, extraDeps: { log } });
    const res = await throughTlsProxy(t, 'host-only@example.com', {
      host: 'attacker.example',
      origin: 'https://attacker.example',
      'x-forwarded-host': 'attacker.example',
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden_origin');
    expect(await countRows(t, 'users')).toBe(0);
    const refusal = lines.find((line) => String(line.msg).startsWith('Cross-site request refused'));
    expect(refusal).toMatchObject({
      level: 40,
      method: 'POST',
      origin: 'https://attacker.example',
      expectedOrigin: PUBLIC,
    });
    // The line says which origins, never the request's cookies or body.
    expect(JSON.stringify(refusal)).not.toContain(password);
  });

  it("without LOOT_PUBLIC_URL, a trusted proxy's X-Forwarded-Proto and Host make the origin", async () => {
    t = await createTestApp({ env: { LOOT_TRUSTED_PROXIES: 'loopback' } });
    const res = await throughTlsProxy(t, 'forwarded@example.com');
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.getSetCookie().find((line) => line.startsWith('__Host-loot_session='))).toMatch(/; Secure/);
    // X-Forwarded-Host, when the proxy sends it, names the host the browser used.
    const viaHost = await throughTlsProxy(t, 'forwarded-host@example.com', {
      host: '127.0.0.1:3000',
      'x-forwarded-host': 'loot.example.com',
    });
    expect(viaHost.status).toBe(201);
  });

  it('ignores forwarding headers from a peer that is not a trusted proxy, and from anyone when none is named', async () => {
    t = await createTestApp({ env: { LOOT_TRUSTED_PROXIES: '10.0.0.0/8' } });
    expect((await throughTlsProxy(t, 'untrusted@example.com', {}, '203.0.113.9')).status).toBe(403);
    await t.close();
    t = await createTestApp();
    expect((await throughTlsProxy(t, 'no-proxies@example.com')).status).toBe(403);
    expect(await countRows(t, 'users')).toBe(0);
    // Plain http on the socket's own origin still works as before.
    const direct = await requestFromPeer(t, '127.0.0.1', 'POST', 'http://localhost:3000/api/auth/register', {
      json: { email: 'direct@example.com', password },
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000' },
    });
    expect(direct.status).toBe(201);
    expect(sessionCookieFrom(direct)).toMatch(/^loot_session=/);
  });
});

describe('a deployment that does not say where it lives', () => {
  it('NODE_ENV=production without LOOT_PUBLIC_URL refuses to start, saying what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', LOOT_DATA_DIR: '/tmp/unused' })).toThrow(
      /^Invalid configuration: LOOT_PUBLIC_URL: required when NODE_ENV=production: set it to the address browsers use, e\.g\. LOOT_PUBLIC_URL=https:\/\/loot\.example\.com$/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', LOOT_PUBLIC_URL: PUBLIC, LOOT_DATA_DIR: '/tmp/unused' }).LOOT_PUBLIC_URL,
    ).toBe(PUBLIC);
  });

  it('LOOT_PUBLIC_URL is an origin: a path, a query or another scheme is refused', () => {
    for (const url of ['https://loot.example.com/app', 'https://loot.example.com/?x=1', 'ftp://loot.example.com']) {
      expect(() => loadConfig({ LOOT_PUBLIC_URL: url, LOOT_DATA_DIR: '/tmp/unused' })).toThrow(
        /LOOT_PUBLIC_URL: expected the site's origin/,
      );
    }
    expect(
      loadConfig({ LOOT_PUBLIC_URL: 'https://loot.example.com/', LOOT_DATA_DIR: '/tmp/unused' }).LOOT_PUBLIC_URL,
    ).toBe('https://loot.example.com/');
  });
});
