import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/auth-requests';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';

/** A small seeded PRNG so a failure can be replayed: the seed is in the test name. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20260115;
const CASES_PER_ENDPOINT = 150;

function deepArray(depth: number) {
  return '['.repeat(depth) + ']'.repeat(depth);
}
function deepObject(depth: number) {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Values no field accepts: wrong types, hostile shapes, the empty string, strings far over every maximum. */
function wrongValue(rand: () => number): unknown {
  const pick = Math.floor(rand() * 12);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return rand() * 1e12 - 5e11;
    case 2:
      return rand() > 0.5;
    case 3:
      return [];
    case 4:
      return ['a@example.com', 'password1'];
    case 5:
      return { $ne: '' };
    case 6:
      return 'x'.repeat(300_000 + Math.floor(rand() * 300_000));
    case 7:
      return '';
    case 8:
      return JSON.parse(deepArray(200));
    case 9:
      return Number.MAX_SAFE_INTEGER;
    case 10:
      return { toString: 'a@example.com' };
    default:
      return [['<script>alert(1)</script>']];
  }
}

type Body = { contentType?: string; body: string };

/** One malformed request body: wrong types, unknown or hostile keys, huge strings, deep nesting, or not JSON at all. */
function fuzzBody(rand: () => number, validShape: Record<string, unknown>): Body {
  const kind = Math.floor(rand() * 10);
  const json = (value: unknown): Body => ({ contentType: 'application/json', body: JSON.stringify(value) });
  const fields = Object.keys(validShape);
  switch (kind) {
    case 0: {
      const field = fields[Math.floor(rand() * fields.length)];
      return json({ ...validShape, [field]: wrongValue(rand) });
    }
    case 1:
      return json({ ...validShape, ['__proto__']: { admin: true }, constructor: { prototype: {} }, plan_id: 4 });
    case 2:
      return json(wrongValue(rand));
    case 3:
      return { contentType: 'application/json', body: rand() > 0.5 ? deepArray(100_000) : deepObject(50_000) };
    case 4:
      return { contentType: 'application/json', body: JSON.stringify(validShape).slice(0, Math.floor(rand() * 20)) };
    case 5:
      return { contentType: 'application/json', body: `{"email": "${'a'.repeat(1_200_000)}"}` }; // over the body limit
    case 6:
      return { contentType: rand() > 0.5 ? 'text/plain' : undefined, body: JSON.stringify(validShape) };
    case 7:
      return { contentType: 'application/x-www-form-urlencoded', body: 'email=a%40example.com&password=password1' };
    case 8:
      return {
        contentType: 'application/json; charset=utf-16',
        body: '\ufeff' + String.fromCharCode(...Array.from({ length: 40 }, () => Math.floor(rand() * 65536))),
      };
    default: {
      const { [fields[0]]: _dropped, ...rest } = validShape;
      return json({ ...rest, extra: wrongValue(rand) });
    }
  }
}

const endpoints: Array<{ path: string; signedIn: boolean; validShape: Record<string, unknown> }> = [
  {
    path: '/api/auth/register',
    signedIn: false,
    validShape: { email: 'fuzz@example.com', password: 'lantern-quiet-93', firstName: 'F' },
  },
  {
    path: '/api/auth/login',
    signedIn: false,
    validShape: { email: 'victim@example.com', password: 'lantern-quiet-93' },
  },
  { path: '/api/auth/reset-usage', signedIn: true, validShape: { newResetDate: '2026-05-01T00:00:00.000Z' } },
];

describe('fuzzed bodies get a 4xx JSON error, never a 500, and write nothing', () => {
  let t: TestApp;
  let cookie: string;
  let snapshot: () => Promise<unknown>;

  beforeAll(async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    await t.call('POST', '/api/auth/register', { json: { email: 'victim@example.com', password: 'the real one' } });
    // A reset is due, so a reset-usage body that slipped through would write.
    cookie = (await t.signIn('meter@example.com', { usageCount: 4, usageResetDate: new Date('2026-01-01T00:00:00Z') }))
      .cookie;
    snapshot = async () => ({
      users: await t.sql(
        'select id, email, password_hash, plan_id, usage_count, usage_reset_date from users order by id',
      ),
      sessions: await countRows(t, 'sessions'),
      failures: await countRows(t, 'login_failures'),
    });
  });
  afterAll(() => t?.close());

  it.each(endpoints.map((e) => [e.path, e]))(
    `%s (seed ${SEED})`,
    async (_path, endpoint) => {
      const rand = mulberry32(SEED + endpoint.path.length);
      const before = await snapshot();
      for (let i = 0; i < CASES_PER_ENDPOINT; i += 1) {
        const { contentType, body } = fuzzBody(rand, endpoint.validShape);
        const headers: Record<string, string> = { origin: 'http://localhost' };
        if (contentType) headers['content-type'] = contentType;
        if (endpoint.signedIn) headers.cookie = cookie;
        const res = await t.app.request(endpoint.path, { method: 'POST', headers, body });
        const text = await res.text();
        const context = `case ${i}: ${contentType} ${body.slice(0, 120)} → ${res.status} ${text.slice(0, 200)}`;
        expect(res.status, context).toBeGreaterThanOrEqual(400);
        expect(res.status, context).toBeLessThan(500);
        expect(JSON.parse(text).error.code, context).toEqual(expect.any(String));
      }
      expect(await snapshot()).toEqual(before);
    },
    120_000,
  );

  it.each([
    ['NULs in returnTo', '/api/login?returnTo=' + encodeURIComponent('\u0000'.repeat(50))],
    ['a 10 000 character returnTo', '/api/login?returnTo=/' + 'a'.repeat(10_000)],
    ['a malformed escape and a repeated returnTo', '/api/login?returnTo=%ZZ&returnTo=/x'],
    ['invalid UTF-8 in returnTo', '/api/dev-login?returnTo=/%ED%A0%80%C0%AF'],
    ['a callback with no sign-in in progress', '/api/auth/oidc/callback?code=x&state=y'],
    ["userId 'undefined'", '/api/current-user?userId=undefined'],
    ['2000 repeated parameters', '/api/auth/check-usage-reset?' + 'x=1&'.repeat(2000)],
  ])('GET with %s answers without a 500 and writes nothing', async (_name, url) => {
    const before = await snapshot();
    const res = await t.app.request(url, { headers: { cookie: 'loot_session=' + '%'.repeat(100) } });
    expect(res.status).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
  });
});
