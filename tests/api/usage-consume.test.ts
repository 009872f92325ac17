import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { AppError } from '../../api/errors';
import { consumeSearch } from '../../api/services/usage.service';
import { effectiveMonthlyLimit } from '#shared/usage-limit';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';

const DAY = 24 * 60 * 60_000;

async function expectLimitReached(attempt: Promise<unknown>) {
  try {
    await attempt;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'limit_reached',
      status: 403,
      message: 'Reached monthly limit; upgrade your plan',
    });
    return;
  }
  throw new Error('expected the search to be refused');
}

const usageOf = async (t: TestApp, userId: number) => (await usersRepo.getById(t.db, userId))!;

describe('consumeSearch', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('counts searches up to the monthly limit, then refuses with 403 limit_reached and writes nothing', async () => {
    t = await createTestApp();
    const { user } = await t.signIn(undefined, { monthlyLimit: 3, usageCount: 0 });
    expect((await consumeSearch(t.deps, user.id)).usageCount).toBe(1);
    expect((await consumeSearch(t.deps, user.id)).usageCount).toBe(2);
    expect((await consumeSearch(t.deps, user.id)).usageCount).toBe(3);
    await expectLimitReached(consumeSearch(t.deps, user.id));
    expect((await usageOf(t, user.id)).usageCount).toBe(3);
  });

  it('refuses a user already over the limit (a plan downgrade), and never counts past it', async () => {
    t = await createTestApp();
    const { user } = await t.signIn(undefined, { monthlyLimit: 5, usageCount: 9 });
    await expectLimitReached(consumeSearch(t.deps, user.id));
    expect((await usageOf(t, user.id)).usageCount).toBe(9);
  });

  it('never refuses an unlimited (-1) plan, and still counts', async () => {
    t = await createTestApp();
    const { user } = await t.signIn(undefined, { monthlyLimit: -1, usageCount: 10_000 });
    expect((await consumeSearch(t.deps, user.id)).usageCount).toBe(10_001);
  });

  it('uses the spec default limit of 1 when none is set', async () => {
    t = await createTestApp();
    expect(effectiveMonthlyLimit(undefined)).toBe(1);
    expect(effectiveMonthlyLimit(null)).toBe(1);
    const user = await usersRepo.create(t.db, {
      email: 'nolimit@example.com',
      usageResetDate: new Date(t.deps.clock.now().getTime() + DAY),
    });
    expect((await consumeSearch(t.deps, user.id)).usageCount).toBe(1);
    await expectLimitReached(consumeSearch(t.deps, user.id));
  });

  it('resets usage first when the reset date has passed, moving the date on by whole months', async () => {
    const clock = testClock(new Date('2026-03-20T12:00:00Z'));
    t = await createTestApp({ clock });
    const { user } = await t.signIn(undefined, {
      monthlyLimit: 2,
      usageCount: 2,
      usageResetDate: new Date('2026-01-10T00:00:00Z'),
    });
    const after = await consumeSearch(t.deps, user.id);
    expect(after.usageCount).toBe(1);
    expect(after.usageResetDate.toISOString()).toBe('2026-04-10T00:00:00.000Z');
  });

  it('answers 401 for a user that no longer exists', async () => {
    t = await createTestApp();
    await expect(consumeSearch(t.deps, 999_999)).rejects.toThrowError(expect.objectContaining({ status: 401 }));
  });
});

describe('consumeSearch under real concurrency (separate processes, separate connections, one file)', () => {
  let t: TestApp;
  let children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    children = [];
    await t?.close();
  });

  type Tally = { ok: number; limitReached: number; otherErrors: string[] };

  /** Starts N processes, waits until each has its connection open, releases them together, collects tallies. */
  async function race(userId: number, processes: number, attemptsEach: number): Promise<Tally[]> {
    const worker = fileURLToPath(new URL('./usage-consume-worker.ts', import.meta.url));
    const ready: Promise<void>[] = [];
    const done: Promise<Tally>[] = [];
    const racers: ChildProcess[] = [];
    for (let i = 0; i < processes; i += 1) {
      const child = fork(worker, [t.config.DATABASE_URL ?? t.config.dbFile, String(userId), String(attemptsEach)], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      racers.push(child);
      const messages: unknown[] = [];
      const waiters: Array<() => void> = [];
      child.on('message', (m) => {
        messages.push(m);
        waiters.splice(0).forEach((w) => w());
      });
      const next = (index: number) =>
        new Promise<unknown>((resolve, reject) => {
          const check = () => (messages.length > index ? resolve(messages[index]) : waiters.push(check));
          child.once('exit', (code) => messages.length <= index && reject(new Error(`worker exited with ${code}`)));
          check();
        });
      ready.push(next(0).then(() => undefined));
      done.push(next(1) as Promise<Tally>);
    }
    await Promise.all(ready);
    for (const child of racers) child.send('go');
    return Promise.all(done);
  }

  it('at limit − 1, eight simultaneous searches produce exactly one success', async () => {
    t = await createTestApp();
    const { user } = await t.signIn(undefined, {
      monthlyLimit: 5,
      usageCount: 4,
      usageResetDate: new Date(Date.now() + 30 * DAY),
    });
    const tallies = await race(user.id, 8, 1);
    expect(tallies.flatMap((x) => x.otherErrors)).toEqual([]);
    expect(tallies.reduce((n, x) => n + x.ok, 0)).toBe(1);
    expect(tallies.reduce((n, x) => n + x.limitReached, 0)).toBe(7);
    expect((await usageOf(t, user.id)).usageCount).toBe(5);
  }, 120_000);

  it('many processes hammering one limit never pass it and never lose a count', async () => {
    t = await createTestApp();
    const limited = (
      await t.signIn(undefined, { monthlyLimit: 40, usageCount: 0, usageResetDate: new Date(Date.now() + 30 * DAY) })
    ).user;
    const tallies = await race(limited.id, 6, 12);
    expect(tallies.flatMap((x) => x.otherErrors)).toEqual([]);
    expect(tallies.reduce((n, x) => n + x.ok, 0)).toBe(40);
    expect(tallies.reduce((n, x) => n + x.limitReached, 0)).toBe(6 * 12 - 40);
    expect((await usageOf(t, limited.id)).usageCount).toBe(40);

    const unlimited = (
      await t.signIn(undefined, { monthlyLimit: -1, usageCount: 0, usageResetDate: new Date(Date.now() + 30 * DAY) })
    ).user;
    const counted = await race(unlimited.id, 4, 25);
    expect(counted.reduce((n, x) => n + x.ok, 0)).toBe(100);
    expect((await usageOf(t, unlimited.id)).usageCount).toBe(100);
  }, 180_000);
});
