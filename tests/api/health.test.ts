import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app';

describe('app shell', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('answers unknown API paths with a JSON 404', async () => {
    t = await createTestApp();
    const res = await t.call('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such API endpoint' } });
  });

  // SQLite only: the SQLite connection's pragmas.
  it.skipIf(testDialect() === 'postgres')(
    'opens SQLite in WAL mode with foreign keys and a busy timeout, plans seeded',
    async () => {
      t = await createTestApp();
      const sqlite = t.db.$client;
      expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
      const names = sqlite.prepare('select name from plans order by sort_order').all();
      expect(names).toEqual([{ name: 'Free' }, { name: 'Basic' }, { name: 'Light' }, { name: 'Pro' }]);
    },
  );

  it('refuses a cross-site unsafe request before it reaches a route', async () => {
    t = await createTestApp();
    const res = await t.call('POST', '/api/health', {
      json: {},
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });

  it('sets secure headers with a CSP and a referrer policy that keeps Origin', async () => {
    t = await createTestApp();
    const res = await t.call('GET', '/api/health');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('lets images load only from this site, https (and http where the app is not on https), blob: and data:', async () => {
    t = await createTestApp();
    expect((await t.call('GET', '/api/health')).headers.get('content-security-policy')).toContain(
      "img-src 'self' data: blob: https: http:;",
    );
    await t.close();
    t = await createTestApp({ env: { LOOT_PUBLIC_URL: 'https://loot.example' } });
    expect((await t.call('GET', '/api/health')).headers.get('content-security-policy')).toContain(
      "img-src 'self' data: blob: https:;",
    );
  });
});
