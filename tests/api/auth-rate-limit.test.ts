import { afterEach, describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURE_WINDOW_MS,
  MAX_FAILURES_PER_EMAIL,
  MAX_FAILURES_PER_IP,
} from '../../api/services/rate-limit.service';
import { countRows, requestFromPeer, sessionCookieFrom } from '../helpers/auth-requests';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';

const PEER = '203.0.113.7';
const OTHER_PEER = '198.51.100.20';

async function registerAccount(t: TestApp, email: string, password = 'right password') {
  const res = await t.call('POST', '/api/auth/register', { json: { email, password } });
  expect(res.status).toBe(201);
}

const loginFrom = (t: TestApp, peer: string, email: string, password: string, headers?: Record<string, string>) =>
  requestFromPeer(t, peer, 'POST', '/api/auth/login', { json: { email, password }, headers });

describe('failed sign-in limits', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it(`refuses an email after ${MAX_FAILURES_PER_EMAIL} failures with 429 and Retry-After, even with the right password`, async () => {
    const clock = testClock();
    t = createTestApp({ clock });
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

    // The limit is per email: the right password is refused too, and no session is made.
    const rightButLimited = await loginFrom(t, OTHER_PEER, 'VICTIM@example.com', 'right password');
    expect(rightButLimited.status).toBe(429);
    expect(sessionCookieFrom(rightButLimited)).toBeUndefined();
    expect(countRows(t, 'sessions')).toBe(1); // the registration's
  });

  it('lets the email in again once its failures age out of the window, and a success forgives them', async () => {
    const clock = testClock();
    t = createTestApp({ clock });
    await registerAccount(t, 'patient@example.com');
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i += 1) await loginFrom(t, PEER, 'patient@example.com', 'wrong!!!');
    expect((await loginFrom(t, PEER, 'patient@example.com', 'right password')).status).toBe(429);

    clock.advance(LOGIN_FAILURE_WINDOW_MS - 1);
    expect((await loginFrom(t, PEER, 'patient@example.com', 'right password')).status).toBe(429);
    clock.advance(1);
    const ok = await loginFrom(t, PEER, 'patient@example.com', 'right password');
    expect(ok.status).toBe(200);
    const emailFailures = t.db.$client
      .prepare("select count(*) as n from login_failures where key = 'email:patient@example.com'")
      .get() as { n: number };
    expect(emailFailures.n).toBe(0);

    // Forgiven: a fresh run of 4 failures does not lock the email again.
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL - 1; i += 1) await loginFrom(t, PEER, 'patient@example.com', 'wrong!!!');
    expect((await loginFrom(t, PEER, 'patient@example.com', 'right password')).status).toBe(200);
  });

  it(`refuses a client address after ${MAX_FAILURES_PER_IP} failures across many emails; other addresses still get in`, async () => {
    t = createTestApp();
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
    t = createTestApp();
    for (let i = 0; i < MAX_FAILURES_PER_IP; i += 1) {
      await loginFrom(t, PEER, `spray${i}@example.com`, 'password1', { 'x-forwarded-for': `10.0.0.${i}` });
    }
    const forged = await loginFrom(t, PEER, 'fresh@example.com', 'password1', { 'x-forwarded-for': '10.9.9.9', 'x-real-ip': '10.9.9.9' });
    expect(forged.status).toBe(429);
    const keys = t.db.$client.prepare("select distinct key from login_failures where key like 'ip:%'").all();
    expect(keys).toEqual([{ key: `ip:${PEER}` }]);
  });

  it('holds the email limit under concurrency: in a burst of 10, only 5 reach the password check', async () => {
    t = createTestApp();
    await registerAccount(t, 'burst@example.com');
    const sessionsBefore = countRows(t, 'sessions');
    // The right password comes last: had all 10 passed the limit check before any failure was counted
    // (check → slow hash → record), it would be checked too and get in.
    const guesses = [...Array.from({ length: 9 }, (_, i) => `parallel guess ${i}`), 'right password'];
    const results = await Promise.all(guesses.map((password) => loginFrom(t, PEER, 'burst@example.com', password)));
    expect(results.map((r) => r.status)).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
    expect(countRows(t, 'sessions')).toBe(sessionsBefore);
  });

  it('does not count refused (429) attempts, so hammering does not extend the lock forever', async () => {
    const clock = testClock();
    t = createTestApp({ clock });
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
    t = createTestApp();
    await loginFrom(t, PEER, 'not-an-email', 'password1');
    expect(countRows(t, 'login_failures')).toBe(0);
  });
});
