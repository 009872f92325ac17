import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../api/db/client';
import { leasesRepo } from '../../api/db/repositories/leases.repo';
import { databaseWorkLocks } from '../../api/storage/work-locks';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Leases in the database (shared work done once across instances), over two real connections. */
describe('leases', () => {
  let t: TestApp;
  let other: Db;
  beforeEach(async () => {
    t = await createTestApp();
    other = openDatabase(t.config.dbFile);
  });
  afterEach(async () => {
    other.$client.close();
    await t.close();
  });

  it('has one holder at a time; an expired lease is taken over, and the old holder cannot release the new one', async () => {
    expect(await leasesRepo.take(t.db, 'job', 'a', 1000, 2000)).toBe(true);
    expect(await leasesRepo.take(other, 'job', 'b', 1500, 2500)).toBe(false);
    // The holder renews its own lease.
    expect(await leasesRepo.take(t.db, 'job', 'a', 1800, 3000)).toBe(true);
    expect(await leasesRepo.take(other, 'job', 'b', 2500, 3500)).toBe(false);
    // Past its expiry (a crashed holder), another takes it; the late holder's release leaves it alone.
    expect(await leasesRepo.take(other, 'job', 'b', 3000, 4000)).toBe(true);
    await leasesRepo.release(t.db, 'job', 'a');
    expect(await leasesRepo.take(t.db, 'job', 'a', 3100, 4100)).toBe(false);
    await leasesRepo.release(other, 'job', 'b');
    expect(await leasesRepo.take(t.db, 'job', 'a', 3200, 4200)).toBe(true);
  });

  it('work locks on two connections: only one of many concurrent takers wins a key until it releases', async () => {
    const first = databaseWorkLocks(t.db);
    const second = databaseWorkLocks(other);
    const taken = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? second : first).tryTake('w/96/a.png', 30_000)),
    );
    const winners = taken.filter((lease) => lease !== null);
    expect(winners).toHaveLength(1);
    expect(await first.tryTake('w/320/a.png', 30_000)).not.toBeNull();
    await winners[0]!.release();
    expect(await second.tryTake('w/96/a.png', 30_000)).not.toBeNull();
    await expect(first.tryTake('../escape.png', 30_000)).rejects.toThrow(/refused key/);
  });
});
