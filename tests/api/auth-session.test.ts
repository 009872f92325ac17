import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../api/services/sessions.service';
import { countRows, sessionCookieFrom } from '../helpers/auth-requests';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';

const DAY = 24 * 60 * 60_000;

describe('session expiry and sliding renewal', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function signedInCookie() {
    const res = await t.call('POST', '/api/auth/register', {
      json: { email: 'sleepy@example.com', password: 'lantern-quiet-93' },
    });
    return sessionCookieFrom(res)!;
  }
  const status = async (cookie: string) => (await t.call('GET', '/api/current-user', { cookie })).status;
  const storedExpiry = async () =>
    ((await t.sql('select expires_at from sessions'))[0] as { expires_at: number }).expires_at;

  it('expires a session left idle past the idle timeout', async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    const cookie = await signedInCookie();
    clock.advance(SESSION_IDLE_MS - 1);
    expect(await status(cookie)).toBe(200);
    clock.advance(SESSION_IDLE_MS);
    expect(await status(cookie)).toBe(401);
  });

  it('renews the idle expiry on use, so an active session outlives one idle period', async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    const cookie = await signedInCookie();
    const firstExpiry = await storedExpiry();
    clock.advance(SESSION_IDLE_MS - DAY);
    expect(await status(cookie)).toBe(200);
    expect(await storedExpiry()).toBe(clock.now().getTime() + SESSION_IDLE_MS);
    expect(await storedExpiry()).toBeGreaterThan(firstExpiry);
    clock.advance(SESSION_IDLE_MS - DAY); // past the first expiry, within the renewed one
    expect(await status(cookie)).toBe(200);
  });

  it('never renews past the absolute lifetime', async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    const cookie = await signedInCookie();
    let elapsed = 0;
    while (elapsed + 7 * DAY < SESSION_ABSOLUTE_MS) {
      clock.advance(7 * DAY);
      elapsed += 7 * DAY;
      expect(await status(cookie)).toBe(200);
    }
    clock.advance(SESSION_ABSOLUTE_MS - elapsed);
    expect(await status(cookie)).toBe(401);
  });

  it("clears a user's expired sessions at their next sign-in", async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    await signedInCookie();
    clock.advance(SESSION_IDLE_MS + 1);
    const res = await t.call('POST', '/api/auth/login', {
      json: { email: 'sleepy@example.com', password: 'lantern-quiet-93' },
    });
    expect(res.status).toBe(200);
    expect(await countRows(t, 'sessions')).toBe(1);
    expect(await status(sessionCookieFrom(res)!)).toBe(200);
  });

  it('gives the cookie a lifetime that covers the absolute one (the server enforces idle expiry)', async () => {
    t = await createTestApp();
    const res = await t.call('POST', '/api/auth/register', {
      json: { email: 'm@example.com', password: 'lantern-quiet-93' },
    });
    const line = res.headers.getSetCookie().find((c) => c.startsWith('loot_session='))!;
    expect(line).toContain(`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`);
  });
});
