import { afterEach, describe, expect, it } from 'vitest';
import { publicUser } from '#shared/schemas/user';
import { PLANS } from '#shared/plans';
import { countRows, sessionCookieFrom } from '../helpers/auth-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

const freePlan = PLANS.find((p) => p.id === 1)!;

describe('register and login', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('registers a free-plan user with argon2id, a reset date one month ahead, and a session cookie', async () => {
    t = await createTestApp();
    const res = await t.call('POST', '/api/auth/register', {
      json: { email: '  Alice@Example.COM ', password: 'correct horse', firstName: 'Alice' },
    });
    expect(res.status).toBe(201);
    const user = publicUser.parse(await res.json());
    expect(user).toMatchObject({
      email: 'alice@example.com',
      firstName: 'Alice',
      plan_id: 1,
      usage_count: 0,
      monthly_limit: freePlan.monthlyLimit,
      usage_reset_date: '2026-02-15T10:00:00.000Z', // the test clock starts 2026-01-15T10:00Z
      stripeSubscriptionId: null,
      plan_ends_at: null,
    });
    const stored = (await t.sql('select password_hash from users where id = ?', [user.id]))[0] as {
      password_hash: string;
    };
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored.password_hash).not.toContain('correct horse');

    const cookie = sessionCookieFrom(res);
    expect(cookie).toBeDefined();
    const me = await t.call('GET', '/api/current-user', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);
  });

  it('never sends the password hash or other private columns', async () => {
    t = await createTestApp();
    const res = await t.call('POST', '/api/auth/register', {
      json: { email: 'a@example.com', password: 'lantern-quiet-93' },
    });
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'email',
        'emailVerified',
        'firstName',
        'hasPassword',
        'id',
        'language',
        'monthly_limit',
        'plan_id',
        'plan_ends_at',
        'profileImageUrl',
        'stripeSubscriptionId',
        'usage_count',
        'usage_reset_date',
      ].sort(),
    );
  });

  it('refuses a second account for the same email, whatever its case, with 409 and nothing written', async () => {
    t = await createTestApp();
    await t.call('POST', '/api/auth/register', { json: { email: 'bob@example.com', password: 'lantern-quiet-93' } });
    const before = await countRows(t, 'users');
    const res = await t.call('POST', '/api/auth/register', {
      json: { email: 'BOB@example.com', password: 'lantern-quiet-94' },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: { code: 'conflict', message: 'An account with this email already exists' },
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('answers two racing sign-ups for one email with one account and one 409', async () => {
    t = await createTestApp();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        t.call('POST', '/api/auth/register', { json: { email: 'race@example.com', password: 'lantern-quiet-93' } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await countRows(t, 'users')).toBe(1);
  });

  it.each([
    ['missing email', { password: 'lantern-quiet-93' }, 'email'],
    ['not an email', { email: 'nope', password: 'lantern-quiet-93' }, 'email'],
    ['short password', { email: 'c@example.com', password: 'short' }, 'password'],
    ['long password', { email: 'c@example.com', password: 'x'.repeat(201) }, 'password'],
    ['number password', { email: 'c@example.com', password: 12345678 }, 'password'],
    ['empty firstName', { email: 'c@example.com', password: 'lantern-quiet-93', firstName: '   ' }, 'firstName'],
    ['unknown field', { email: 'c@example.com', password: 'lantern-quiet-93', plan_id: 4 }, 'json'],
  ])('register refuses %s with 400 naming the field, and writes nothing', async (_name, json, field) => {
    t = await createTestApp();
    const res = await t.call('POST', '/api/auth/register', { json });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.field).toBe(field);
    expect(await countRows(t, 'users')).toBe(0);
    expect(await countRows(t, 'sessions')).toBe(0);
  });

  it.each(['password1', 'Password1', 'PASSWORD1', 'qwertyuiop', '123456789', 'iloveyou1', 'sunshine', 'football'])(
    'refuses the common password %s with a clear message, writing nothing',
    async (password) => {
      t = await createTestApp();
      const res = await t.call('POST', '/api/auth/register', { json: { email: 'common@example.com', password } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: 'invalid_input',
          message: 'This password is one of the most common ones and easy to guess. Please choose another.',
          field: 'password',
        },
      });
      expect(await countRows(t, 'users')).toBe(0);
    },
  );

  it('ships a list of 10,000 common passwords', async () => {
    const { isCommonPassword } = await import('../../api/auth/common-passwords');
    const fs = await import('node:fs');
    const list = fs
      .readFileSync(new URL('../../api/auth/common-passwords.txt', import.meta.url), 'utf8')
      .trim()
      .split('\n');
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.every((p) => p.length >= 8 && p === p.toLowerCase() && !/\s/.test(p))).toBe(true);
    expect(isCommonPassword('letmein123')).toBe(list.includes('letmein123'));
    expect(isCommonPassword('lantern-quiet-93')).toBe(false);
  });

  it.each(['        ', ' \t \n    ', '\u00a0'.repeat(9)])('refuses an all-whitespace password %j', async (password) => {
    t = await createTestApp();
    const res = await t.call('POST', '/api/auth/register', { json: { email: 'blank@example.com', password } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('A password cannot be only spaces.');
    expect(await countRows(t, 'users')).toBe(0);
  });

  it('accepts exactly 8 and 200 character passwords', async () => {
    t = await createTestApp();
    const short = await t.call('POST', '/api/auth/register', {
      json: { email: 'e8@example.com', password: 'qz7!kp2m' },
    });
    const long = await t.call('POST', '/api/auth/register', {
      json: { email: 'e200@example.com', password: 'y'.repeat(200) },
    });
    expect([short.status, long.status]).toEqual([201, 201]);
  });

  it('refuses a short password or a bad email with a sentence for people, not validator text', async () => {
    t = await createTestApp();
    const short = await t.call('POST', '/api/auth/register', { json: { email: 'jo@example.com', password: 'abc' } });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toMatchObject({
      code: 'invalid_input',
      field: 'password',
      message: 'Password must be at least 8 characters.',
    });
    const email = await t.call('POST', '/api/auth/register', { json: { email: 'jo', password: 'long enough' } });
    expect((await email.json()).error.message).toBe('Enter a valid email address.');
    const notJson = await t.call('POST', '/api/auth/register', {
      json: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(403);
    expect((await notJson.json()).error.message).toBe('This request was refused: it did not come from this site.');
    expect(await countRows(t, 'users')).toBe(0);
  });

  it('logs in with the right password, answering the public user and a fresh session', async () => {
    t = await createTestApp();
    const registered = await t.call('POST', '/api/auth/register', {
      json: { email: 'dana@example.com', password: 'lantern-quiet-93' },
    });
    const registerCookie = sessionCookieFrom(registered);
    const res = await t.call('POST', '/api/auth/login', {
      json: { email: 'DANA@example.com', password: 'lantern-quiet-93' },
    });
    expect(res.status).toBe(200);
    expect(publicUser.parse(await res.json()).email).toBe('dana@example.com');
    const loginCookie = sessionCookieFrom(res);
    expect(loginCookie).toBeDefined();
    expect(loginCookie).not.toBe(registerCookie);
    expect((await t.call('GET', '/api/auth/user', { cookie: loginCookie })).status).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401, and sets no cookie', async () => {
    t = await createTestApp();
    await t.call('POST', '/api/auth/register', { json: { email: 'erin@example.com', password: 'lantern-quiet-93' } });
    const wrong = await t.call('POST', '/api/auth/login', {
      json: { email: 'erin@example.com', password: 'lantern-quiet-94' },
    });
    const unknown = await t.call('POST', '/api/auth/login', {
      json: { email: 'nobody@example.com', password: 'lantern-quiet-93' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: 'invalid_credentials', message: 'Invalid email or password' },
      });
      expect(sessionCookieFrom(res)).toBeUndefined();
    }
    expect(await countRows(t, 'sessions')).toBe(1); // only the registration's
  });

  it('refuses password login for an account that has no password (dev or SSO accounts)', async () => {
    t = await createTestApp();
    await t.signIn('sso@example.com');
    const res = await t.call('POST', '/api/auth/login', { json: { email: 'sso@example.com', password: 'anything1' } });
    expect(res.status).toBe(401);
  });

  it('refuses a login body that is not JSON (even from our own origin) or has the wrong types with 400', async () => {
    t = await createTestApp();
    const notJson = await t.call('POST', '/api/auth/login', {
      json: 'email=a@example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    });
    expect(notJson.status).toBe(400);
    const wrongType = await t.call('POST', '/api/auth/login', { json: { email: ['a@example.com'], password: 'x' } });
    expect(wrongType.status).toBe(400);
    expect(await countRows(t, 'login_failures')).toBe(0);
  });
});

describe('session cookie and sign-out', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, with a lifetime, and not Secure over http', async () => {
    t = await createTestApp();
    const res = await t.call('POST', '/api/auth/register', {
      json: { email: 'f@example.com', password: 'lantern-quiet-93' },
    });
    const line = res.headers.getSetCookie().find((c) => c.startsWith('loot_session='))!;
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; Max-Age=\d+/);
    expect(line).not.toMatch(/Domain=/);
    expect(line).not.toMatch(/; Secure/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('over https uses the __Host- prefixed cookie with Secure', async () => {
    t = await createTestApp();
    const res = await t.app.request('https://loot.example/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'g@example.com', password: 'lantern-quiet-93' }),
    });
    expect(res.status).toBe(201);
    const line = res.headers.getSetCookie().find((c) => c.startsWith('__Host-loot_session='))!;
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; Path=\//);
    expect(line).not.toMatch(/Domain=/);
    const token = line.split(';')[0];
    const me = await t.app.request('https://loot.example/api/current-user', { headers: { cookie: token } });
    expect(me.status).toBe(200);
  });

  it('marks the cookie Secure behind a TLS proxy when LOOT_PUBLIC_URL is https', async () => {
    t = await createTestApp({ env: { LOOT_PUBLIC_URL: 'https://loot.example' } });
    const res = await t.call('POST', '/api/auth/register', {
      json: { email: 'proxy@example.com', password: 'lantern-quiet-93' },
    });
    const line = res.headers.getSetCookie().find((c) => c.startsWith('__Host-loot_session='))!;
    expect(line).toMatch(/; Secure/);
    expect((await t.call('GET', '/api/current-user', { cookie: line.split(';')[0] })).status).toBe(200);
  });

  it('stores only a SHA-256 of the 256-bit token', async () => {
    t = await createTestApp();
    const res = await t.call('POST', '/api/auth/register', {
      json: { email: 'h@example.com', password: 'lantern-quiet-93' },
    });
    const token = sessionCookieFrom(res)!.split('=')[1];
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = (await t.sql('select token_hash from sessions')) as Array<{ token_hash: string }>;
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(token);
  });

  it('gives a new token at every sign-in and ends the session the browser came with (no fixation)', async () => {
    t = await createTestApp();
    const registered = await t.call('POST', '/api/auth/register', {
      json: { email: 'i@example.com', password: 'lantern-quiet-93' },
    });
    const first = sessionCookieFrom(registered)!;
    const again = await t.call('POST', '/api/auth/login', {
      json: { email: 'i@example.com', password: 'lantern-quiet-93' },
      cookie: first,
    });
    const second = sessionCookieFrom(again)!;
    expect(second).not.toBe(first);
    expect((await t.call('GET', '/api/current-user', { cookie: first })).status).toBe(401);
    expect((await t.call('GET', '/api/current-user', { cookie: second })).status).toBe(200);
    expect(await countRows(t, 'sessions')).toBe(1);
  });

  it('POST /api/logout deletes the session row and clears the cookie; the old cookie then gets 401', async () => {
    t = await createTestApp();
    const { cookie, user } = await t.signIn();
    const other = await t.signIn(user.email); // a second device stays signed in
    expect((await t.call('GET', '/api/current-user', { cookie })).status).toBe(200);
    const res = await t.call('POST', '/api/logout', {
      cookie,
      headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.getSetCookie().some((c) => /^loot_session=;.*Max-Age=0/.test(c))).toBe(true);
    expect((await t.call('GET', '/api/current-user', { cookie })).status).toBe(401);
    expect((await t.call('GET', '/api/current-user', { cookie: other.cookie })).status).toBe(200);
    expect(await countRows(t, 'sessions')).toBe(1);
  });

  it('POST /api/logout from another site is refused and the session lives on', async () => {
    t = await createTestApp();
    const { cookie } = await t.signIn();
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://a.localhost' },
    ];
    for (const headers of attempts) {
      expect((await t.call('POST', '/api/logout', { cookie, headers })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/current-user', { cookie })).status).toBe(200);
  });

  it.each([
    ['a same-origin navigation', { 'sec-fetch-site': 'same-origin' }],
    ['a typed URL', { 'sec-fetch-site': 'none' }],
    ['a browser without Sec-Fetch-Site, coming from our page', { referer: 'http://localhost/collections' }],
  ])('GET /api/logout signs out %s and redirects to /', async (_name, headers) => {
    t = await createTestApp();
    const { cookie } = await t.signIn();
    const res = await t.call('GET', 'http://localhost/api/logout', { cookie, headers });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect((await t.call('GET', '/api/current-user', { cookie })).status).toBe(401);
  });

  it.each([
    ['a cross-site navigation', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site (other subdomain) navigation', { 'sec-fetch-site': 'same-site' }],
    ['a browser without Sec-Fetch-Site, from another site', { referer: 'https://evil.example/page' }],
    ['a request with neither header', {}],
  ])('GET /api/logout from %s redirects to / but leaves the session alone', async (_name, headers) => {
    t = await createTestApp();
    const { cookie } = await t.signIn();
    const res = await t.call('GET', 'http://localhost/api/logout', { cookie, headers });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await t.call('GET', '/api/current-user', { cookie })).status).toBe(200);
  });

  it('logout without a session still redirects to /', async () => {
    t = await createTestApp();
    const res = await t.call('GET', '/api/logout', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});

describe('current user endpoints', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it.each(['/api/current-user', '/api/auth/user'])(
    '%s answers 401 JSON without a session or with a bogus one',
    async (path) => {
      t = await createTestApp();
      for (const cookie of [undefined, 'loot_session=not-a-real-token']) {
        const res = await t.call('GET', path, { cookie });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in required' } });
      }
    },
  );

  it('answers the public user, never cached', async () => {
    t = await createTestApp();
    const { cookie, user } = await t.signIn('jo@example.com', {
      planId: 3,
      monthlyLimit: 150,
      usageCount: 7,
      stripeSubscriptionId: 'sub_1',
    });
    const res = await t.call('GET', '/api/auth/user', { cookie });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({
      id: user.id,
      email: 'jo@example.com',
      firstName: 'jo',
      profileImageUrl: null,
      plan_id: 3,
      usage_count: 7,
      monthly_limit: 150,
      usage_reset_date: user.usageResetDate.toISOString(),
      stripeSubscriptionId: 'sub_1',
      plan_ends_at: null,
      language: null,
      emailVerified: true,
      hasPassword: false,
    });
  });
});

describe('GET /api/login without OIDC', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it.each([
    ['/feature-search?features=Boss', '/feature-search?features=Boss'],
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    [undefined, '/'],
  ])('sends returnTo %s to the login page as %s', async (returnTo, expected) => {
    t = await createTestApp();
    const url = returnTo === undefined ? '/api/login' : `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
    const res = await t.call('GET', url);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/login?returnTo=${encodeURIComponent(expected)}`);
  });
});
