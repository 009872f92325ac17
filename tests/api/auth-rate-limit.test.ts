import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_SIGNUPS_PER_IP,
  SIGNUP_WINDOW_MS,
  LOGIN_FAILURE_WINDOW_MS,
  MAX_FAILURES_PER_EMAIL,
  MAX_FAILURES_PER_IP,
} from '../../api/services/rate-limit.service';
import { countRows, peerBindings, requestFromPeer, sessionCookieFrom } from '../helpers/auth-requests';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';

const PEER = '203.0.113.7';
const OTHER_PEER = '198.51.100.20';

async function registerAccount(t: TestApp, email: string, password = 'right password') {
  const res = await requestFromPeer(t, '192.0.2.200', 'POST', '/api/auth/register', { json: { email, password } });
  expect(res.status).toBe(201);
}

const loginFrom = (t: TestApp, peer: string, email: string, password: string, headers?: Record<string, string>) =>
  requestFromPeer(t, peer, 'POST', '/api/auth/login', { json: { email, password }, headers });

describe('failed sign-in limits', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it(`refuses an email from one address after ${MAX_FAILURES_PER_EMAIL} failures (429, Retry-After), even with the right password; the owner from a clean address gets in`, async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    await registerAccount(t, 'victim@example.com');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i += 1) {
      expect((await loginFrom(t, PEER, 'victim@example.com', `guess ${i}`)).status).toBe(401);
      clock.advance(1000);
    }
    const limited = await loginFrom(t, PEER, 'victim@example.com', 'another guess');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      error: { code: 'too_many_attempts', message: 'Too many sign-in attempts. Try again later.' },
    });
    // The first failure leaves the window 15 min after it happened, 5 s ago.
    expect(limited.headers.get('retry-after')).toBe(String(LOGIN_FAILURE_WINDOW_MS / 1000 - 5));

    // From the guessing address the right password is refused too, and no session is made.
    const rightButLimited = await loginFrom(t, PEER, 'VICTIM@example.com', 'right password');
    expect(rightButLimited.status).toBe(429);
    expect(sessionCookieFrom(rightButLimited)).toBeUndefined();
    expect(await countRows(t, 'sessions')).toBe(1); // the registration's

    // The owner, from another address, is not locked out by someone else's guesses (no denial of service).
    const owner = await loginFrom(t, OTHER_PEER, 'VICTIM@example.com', 'right password');
    expect(owner.status).toBe(200);
    expect(sessionCookieFrom(owner)).toBeDefined();
    // And the guesser is still locked out.
    expect((await loginFrom(t, PEER, 'victim@example.com', 'right password')).status).toBe(429);
  });

  it('limits guesses at one email from many addresses per address, and every address on the wider per-address limit', async () => {
    t = await createTestApp();
    await registerAccount(t, 'target@example.com');
    for (let peer = 1; peer <= 3; peer += 1) {
      for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i += 1) {
        expect((await loginFrom(t, `192.0.2.${peer}`, 'target@example.com', `guess ${i}`)).status).toBe(401);
      }
      expect((await loginFrom(t, `192.0.2.${peer}`, 'target@example.com', 'guess again')).status).toBe(429);
    }
    const keys = (await t.sql("select distinct key from login_failures where key like 'email-ip:%' order by key")).map(
      (r) => Object.values(r)[0],
    );
    expect(keys).toEqual([1, 2, 3].map((p) => `email-ip:target@example.com|192.0.2.${p}`));
  });

  it('lets the email in again once its failures age out of the window, and a success forgives them', async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    await registerAccount(t, 'patient@example.com');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i += 1) await loginFrom(t, PEER, 'patient@example.com', 'wrong!!!');
    expect((await loginFrom(t, PEER, 'patient@example.com', 'right password')).status).toBe(429);

    clock.advance(LOGIN_FAILURE_WINDOW_MS - 1);
    expect((await loginFrom(t, PEER, 'patient@example.com', 'right password')).status).toBe(429);
    clock.advance(1);
    const ok = await loginFrom(t, PEER, 'patient@example.com', 'right password');
    expect(ok.status).toBe(200);
    const emailFailures = (
      await t.sql(`select count(*) as n from login_failures where key = 'email-ip:patient@example.com|${PEER}'`)
    )[0] as { n: number };
    expect(emailFailures.n).toBe(0);

    // Forgiven: a fresh run of 4 failures does not lock the email again.
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i += 1) await loginFrom(t, PEER, 'patient@example.com', 'wrong!!!');
    expect((await loginFrom(t, PEER, 'patient@example.com', 'right password')).status).toBe(200);
  });

  it(`refuses a client address after ${MAX_FAILURES_PER_IP} failures across many emails; other addresses still get in`, async () => {
    t = await createTestApp();
    await registerAccount(t, 'bystander@example.com');
    for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1) {
      expect((await loginFrom(t, PEER, `spray${i}@example.com`, 'password1')).status).toBe(401);
    }
    const limited = await loginFrom(t, PEER, 'bystander@example.com', 'right password');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await loginFrom(t, OTHER_PEER, 'bystander@example.com', 'right password')).status).toBe(200);
  });

  it('keys the address on the socket peer: a forged X-Forwarded-For neither escapes the limit nor blames another', async () => {
    t = await createTestApp();
    for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1) {
      await loginFrom(t, PEER, `spray${i}@example.com`, 'password1', { 'x-forwarded-for': `10.0.0.${i}` });
    }
    const forged = await loginFrom(t, PEER, 'fresh@example.com', 'password1', {
      'x-forwarded-for': '10.9.9.9',
      'x-real-ip': '10.9.9.9',
    });
    expect(forged.status).toBe(429);
    const keys = await t.sql("select distinct key from login_failures where key like 'ip:%'");
    expect(keys).toEqual([{ key: `ip:${PEER}` }]);
  });

  it('holds the email limit under concurrency: in a burst of 10, only 5 reach the password check', async () => {
    t = await createTestApp();
    await registerAccount(t, 'burst@example.com');
    const sessionsBefore = await countRows(t, 'sessions');
    // Ten wrong guesses at once. Had they all passed the limit check before any failure was counted (check → slow
    // hash → record), all ten would be checked; counting first lets exactly five through, in whatever order the
    // database serves them (SQLite's one connection as they came, PostgreSQL's pool as its connections reach the
    // lock). No guess is right: a success forgives the pair's failures, and a late request could then be checked.
    const guesses = Array.from({ length: 10 }, (_, i) => `parallel guess ${i}`);
    const statuses = (
      await Promise.all(guesses.map((password) => loginFrom(t, PEER, 'burst@example.com', password)))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    // The right password is refused as well now: the limit holds for this email from this address.
    expect((await loginFrom(t, PEER, 'burst@example.com', 'right password')).status).toBe(429);
    expect(await countRows(t, 'sessions')).toBe(sessionsBefore);
  });

  it('does not count refused (429) attempts, so hammering does not extend the lock forever', async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    await registerAccount(t, 'hammer@example.com');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i += 1) await loginFrom(t, PEER, 'hammer@example.com', 'wrong!!!');
    for (let i = 0; i < 10; i += 1) {
      clock.advance(60_000);
      expect((await loginFrom(t, PEER, 'hammer@example.com', 'wrong!!!')).status).toBe(429);
    }
    clock.advance(LOGIN_FAILURE_WINDOW_MS - 10 * 60_000);
    expect((await loginFrom(t, PEER, 'hammer@example.com', 'right password')).status).toBe(200);
  });

  it('does not count bad input as a failed sign-in', async () => {
    t = await createTestApp();
    await loginFrom(t, PEER, 'not-an-email', 'password1');
    expect(await countRows(t, 'login_failures')).toBe(0);
  });
});

describe('sign-up throttle (per client address, kept in the database)', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const registerFrom = (peer: string, email: string) =>
    requestFromPeer(t, peer, 'POST', '/api/auth/register', { json: { email, password: 'a long enough passphrase 7' } });

  it(`accepts ${DEFAULT_MAX_SIGNUPS_PER_IP} registrations an hour from one address, then 429 with Retry-After; other addresses are unaffected`, async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    for (let i = 0; i < DEFAULT_MAX_SIGNUPS_PER_IP; i += 1) {
      expect((await registerFrom(PEER, `bulk${i}@example.com`)).status).toBe(201);
      clock.advance(1000);
    }
    const limited = await registerFrom(PEER, 'one-more@example.com');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      error: { code: 'too_many_attempts', message: 'Too many sign-up attempts from this address. Try again later.' },
    });
    expect(Number(limited.headers.get('retry-after'))).toBe(SIGNUP_WINDOW_MS / 1000 - DEFAULT_MAX_SIGNUPS_PER_IP);
    expect(await countRows(t, 'users')).toBe(DEFAULT_MAX_SIGNUPS_PER_IP);
    expect((await registerFrom(OTHER_PEER, 'elsewhere@example.com')).status).toBe(201);

    clock.advance(SIGNUP_WINDOW_MS);
    expect((await registerFrom(PEER, 'later@example.com')).status).toBe(201);
  });

  it('puts the 409 "already exists" answer behind the throttle, so emails cannot be enumerated at speed', async () => {
    t = await createTestApp();
    expect((await registerFrom(OTHER_PEER, 'known@example.com')).status).toBe(201);
    const answers = [];
    for (let i = 0; i < DEFAULT_MAX_SIGNUPS_PER_IP + 5; i += 1)
      answers.push((await registerFrom(PEER, 'known@example.com')).status);
    expect(answers).toEqual([...Array(DEFAULT_MAX_SIGNUPS_PER_IP).fill(409), ...Array(5).fill(429)]);
    const conflict = await registerFrom(OTHER_PEER, 'known@example.com');
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ error: { message: 'An account with this email already exists' } });
  });

  it('holds in a concurrent burst and across two app instances sharing one database', async () => {
    t = await createTestApp();
    // Its own connection (pool) and in-process state, on the first one's database.
    const second = await createTestApp({ sharedWith: t });
    const burst = Array.from({ length: 16 }, (_, i) => {
      const app = i % 2 === 0 ? t.app : second.app;
      return Promise.resolve(
        app.request(
          '/api/auth/register',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: `burst${i}@example.com`, password: 'a long enough passphrase 7' }),
          },
          peerBindings(PEER),
        ),
      );
    });
    const statuses = (await Promise.all(burst)).map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(DEFAULT_MAX_SIGNUPS_PER_IP);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - DEFAULT_MAX_SIGNUPS_PER_IP);
    expect(await countRows(t, 'users')).toBe(DEFAULT_MAX_SIGNUPS_PER_IP);
    await second.close();
  });
});
