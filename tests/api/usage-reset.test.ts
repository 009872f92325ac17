import { afterEach, describe, expect, it } from 'vitest';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';

// The test clock starts 2026-01-15T10:00Z; this user's month ends 2026-02-01 (after the 14-day idle expiry of
// the first session, so tests that move the clock past it sign in again).
const RESET_AT = new Date('2026-02-01T00:00:00.000Z');
const freshCookie = async (t: TestApp) => (await t.signIn('meter@example.com')).cookie;

async function setUp(t: TestApp) {
  return await t.signIn('meter@example.com', { monthlyLimit: 5, usageCount: 5, usageResetDate: RESET_AT });
}

describe('usage reset: the server decides', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it.each(['/api/auth/check-usage-reset'])('%s needs a session', async (path) => {
    t = await createTestApp();
    expect((await t.call('GET', path)).status).toBe(401);
  });

  it('POST /api/auth/reset-usage needs a session', async () => {
    t = await createTestApp();
    const res = await t.call('POST', '/api/auth/reset-usage', { json: { newResetDate: '2020-01-01T00:00:00.000Z' } });
    expect(res.status).toBe(401);
  });

  it('check-usage-reset follows the stored date on the server clock', async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    const { cookie } = await setUp(t);
    const before = await t.call('GET', '/api/auth/check-usage-reset', { cookie });
    expect(await before.json()).toEqual({ shouldReset: false, reason: 'reset_date_not_reached', gracePeriod: false });
    clock.set(new Date(RESET_AT.getTime() - 60_000));
    const almost = await t.call('GET', '/api/auth/check-usage-reset', { cookie: await freshCookie(t) });
    expect(await almost.json()).toEqual({ shouldReset: false, reason: 'reset_date_not_reached', gracePeriod: true });
    clock.set(RESET_AT);
    const due = await t.call('GET', '/api/auth/check-usage-reset', { cookie: await freshCookie(t) });
    expect(await due.json()).toEqual({ shouldReset: true, reason: 'reset_date_passed', gracePeriod: false });
  });

  it.each([
    ['a date in the past', { newResetDate: '2020-01-01T00:00:00.000Z' }],
    ['a date one month ahead', { newResetDate: '2026-02-15T10:00:00.000Z' }],
    ['the stored reset date', { newResetDate: RESET_AT.toISOString() }],
    ['a plain date', { newResetDate: '2026-01-15' }],
    ['no date at all', {}],
  ])('cannot be forced before the reset date with %s: 409 and nothing written', async (_name, json) => {
    t = await createTestApp();
    const { cookie, user } = await setUp(t);
    const res = await t.call('POST', '/api/auth/reset-usage', { cookie, json });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: {
        code: 'reset_not_due',
        message: 'Your usage resets on its reset date and cannot be reset earlier',
        usage_reset_date: RESET_AT.toISOString(),
      },
    });
    const stored = (await usersRepo.getById(t.db, user.id))!;
    expect(stored.usageCount).toBe(5);
    expect(stored.usageResetDate.toISOString()).toBe(RESET_AT.toISOString());
  });

  it('resets once the date has passed, to a date the server computes (whole months on), whatever the client sent', async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    const { user } = await setUp(t);
    clock.set(new Date('2026-03-10T08:00:00Z')); // more than a month late
    const cookie = await freshCookie(t);
    const res = await t.call('POST', '/api/auth/reset-usage', {
      cookie,
      json: { newResetDate: '2099-01-01T00:00:00.000Z' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: user.id,
      usage_count: 0,
      usage_reset_date: '2026-04-01T00:00:00.000Z',
    });

    // Done for this month: asking again is refused and changes nothing.
    const again = await t.call('POST', '/api/auth/reset-usage', {
      cookie,
      json: { newResetDate: '2026-03-10T08:00:00.000Z' },
    });
    expect(again.status).toBe(409);
    expect((await usersRepo.getById(t.db, user.id))!.usageResetDate.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it.each([
    ['a number', { newResetDate: 1_700_000_000_000 }],
    ['not a date', { newResetDate: 'tomorrow' }],
    ['an object', { newResetDate: { $gt: '' } }],
    ['an extra field', { newResetDate: '2026-02-01T00:00:00.000Z', usage_count: 0 }],
    ['an array body', [{ newResetDate: '2026-02-01T00:00:00.000Z' }]],
  ])('refuses %s with 400 and writes nothing, even when the reset is due', async (_name, json) => {
    const clock = testClock();
    t = await createTestApp({ clock });
    const { user } = await setUp(t);
    clock.set(RESET_AT);
    const cookie = await freshCookie(t);
    const res = await t.call('POST', '/api/auth/reset-usage', { cookie, json });
    expect(res.status).toBe(400);
    expect((await usersRepo.getById(t.db, user.id))!.usageCount).toBe(5);
  });

  it('refuses a non-JSON body with 400', async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    const { user } = await setUp(t);
    clock.set(RESET_AT);
    const cookie = await freshCookie(t);
    const res = await t.call('POST', '/api/auth/reset-usage', {
      cookie,
      json: 'newResetDate=2026-02-01',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost' },
    });
    expect(res.status).toBe(400);
    expect((await usersRepo.getById(t.db, user.id))!.usageCount).toBe(5);
  });
});
