import { afterEach, describe, expect, it } from 'vitest';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { countRows } from '../helpers/auth-requests';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';

const FOREIGN = 'https://evil.example';

type Attack = { name: string; contentType: string; body: string; headers?: Record<string, string> };

const credentials = { email: 'csrf@example.com', password: 'lantern-quiet-93' };
const attacks: Attack[] = [
  {
    name: 'urlencoded form',
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(credentials).toString(),
  },
  { name: 'text/plain carrying JSON', contentType: 'text/plain', body: JSON.stringify(credentials) },
  {
    name: 'multipart form',
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\ncsrf@example.com\r\n--x--\r\n',
  },
  {
    name: 'JSON (a fetch that CORS would not let read, but would still send)',
    contentType: 'application/json',
    body: JSON.stringify(credentials),
  },
  {
    name: 'JSON with Origin: null (sandboxed frame)',
    contentType: 'application/json',
    body: JSON.stringify(credentials),
    headers: { origin: 'null' },
  },
  {
    name: 'JSON marked cross-site by Sec-Fetch-Site, no Origin',
    contentType: 'application/json',
    body: JSON.stringify(credentials),
    headers: { origin: '', 'sec-fetch-site': 'cross-site' },
  },
];

function send(t: TestApp, path: string, attack: Attack, cookie?: string) {
  const headers: Record<string, string> = { 'content-type': attack.contentType, origin: FOREIGN, ...attack.headers };
  if (!headers.origin) delete headers.origin;
  if (cookie) headers.cookie = cookie;
  return t.app.request(path, { method: 'POST', headers, body: attack.body });
}

describe('cross-site requests change nothing', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it.each(attacks.map((a) => [a.name, a]))('register refuses a %s from another site', async (_name, attack) => {
    t = await createTestApp();
    const res = await send(t, '/api/auth/register', attack);
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await countRows(t, 'users')).toBe(0);
    expect(await countRows(t, 'sessions')).toBe(0);
  });

  it.each(attacks.map((a) => [a.name, a]))(
    'login refuses a %s from another site (no login CSRF)',
    async (_name, attack) => {
      t = await createTestApp();
      await t.call('POST', '/api/auth/register', { json: credentials });
      const sessionsBefore = await countRows(t, 'sessions');
      const res = await send(t, '/api/auth/login', attack);
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await countRows(t, 'sessions')).toBe(sessionsBefore);
      // No sign-in attempt was counted (the registration above counted against the sign-up throttle only).
      expect((await t.sql("select count(*) n from login_failures where key not like 'signup-ip:%'"))[0]).toEqual({
        n: 0,
      });
    },
  );

  it.each(attacks.map((a) => [a.name, a]))(
    'reset-usage refuses a %s from another site, even when a reset is due',
    async (_name, attack) => {
      const clock = testClock();
      t = await createTestApp({ clock });
      clock.set(new Date('2026-03-01T00:00:00Z'));
      const { cookie, user } = await t.signIn('due@example.com', {
        usageCount: 3,
        usageResetDate: new Date('2026-02-01T00:00:00Z'),
      });
      const res = await send(
        t,
        '/api/auth/reset-usage',
        { ...attack, body: JSON.stringify({ newResetDate: '2026-04-01T00:00:00.000Z' }) },
        cookie,
      );
      expect(res.status).toBe(403);
      expect((await usersRepo.getById(t.db, user.id))!.usageCount).toBe(3);
    },
  );

  it('the same form and text/plain bodies from our own origin are still refused: writes take JSON only', async () => {
    t = await createTestApp();
    for (const attack of attacks.slice(0, 3)) {
      const res = await send(t, '/api/auth/register', { ...attack, headers: { origin: 'http://localhost' } });
      expect(res.status).toBe(400);
    }
    expect(await countRows(t, 'users')).toBe(0);
  });

  it('the JSON body from our own origin works (the refusals above are about the origin)', async () => {
    t = await createTestApp();
    const res = await send(t, '/api/auth/register', {
      ...attacks[3],
      headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(201);
  });
});
