import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../api/db/client';
import { usersRepo } from '../../../api/db/repositories/users.repo';
import { seedPlans } from '../../../api/db/seed-plans';
import { sqliteInTransaction, withSqlite, withTransaction } from '../../../api/db/transaction';

/**
 * The async transaction helper over one SQLite connection: while a transaction waits on an await,
 * other requests' code runs; none of their statements may land inside it, and nothing they read may be its
 * uncommitted rows.
 */
let dir: string;
let db: Db;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-tx-'));
  db = openDatabase(path.join(dir, 'loot.db'));
  await seedPlans(db, {});
});
afterEach(() => {
  closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const newUser = (tx: Db, email: string) => usersRepo.create(tx, { email, usageResetDate: new Date(0) });
const exists = async (email: string) => (await usersRepo.getByEmail(db, email)) !== undefined;

describe('withTransaction on SQLite', () => {
  it("keeps other requests' statements out of an open transaction: their write survives its rollback, their read never sees its rows", async () => {
    let inside!: () => void;
    const insideReached = new Promise<void>((resolve) => (inside = resolve));
    const failing = withTransaction(db, async (tx) => {
      await newUser(tx, 'rolled-back@example.com');
      inside();
      await sleep(30);
      throw new Error('fails after an await');
    });
    await insideReached;
    // Another request, while the transaction waits on its timer.
    const [sawUncommitted] = await Promise.all([exists('rolled-back@example.com'), newUser(db, 'outside@example.com')]);
    await expect(failing).rejects.toThrow('fails after an await');
    expect(sawUncommitted).toBe(false);
    expect(await exists('rolled-back@example.com')).toBe(false);
    expect(await exists('outside@example.com')).toBe(true);
    expect(db.$client.inTransaction).toBe(false);
  });

  it('runs concurrent read-then-write transactions one after the other (no lost update, no nested BEGIN)', async () => {
    const user = await newUser(db, 'counter@example.com');
    const increment = () =>
      withTransaction(db, async (tx) => {
        const stored = (await usersRepo.getById(tx, user.id))!;
        await sleep(5);
        await usersRepo.update(tx, user.id, { usageCount: stored.usageCount + 1 });
      });
    await Promise.all(Array.from({ length: 10 }, increment));
    expect((await usersRepo.getById(db, user.id))!.usageCount).toBe(10);
  });

  it('raw statements outside a transaction wait for it like drizzle queries do', async () => {
    let inside!: () => void;
    const insideReached = new Promise<void>((resolve) => (inside = resolve));
    const failing = withTransaction(db, async (tx) => {
      await newUser(tx, 'pending@example.com');
      inside();
      await sleep(20);
      throw new Error('rolled back');
    });
    await insideReached;
    const count = await withSqlite(
      db,
      (sqlite) =>
        (sqlite.prepare("select count(*) n from users where email = 'pending@example.com'").get() as { n: number }).n,
    );
    expect(count).toBe(0); // run only once the transaction had rolled back, never inside it
    await expect(failing).rejects.toThrow('rolled back');
  });

  it('a transaction inside a transaction is a savepoint: its failure undoes only its own writes', async () => {
    await withTransaction(db, async (tx) => {
      await newUser(tx, 'outer@example.com');
      await expect(
        withTransaction(tx, async (inner) => {
          await newUser(inner, 'inner@example.com');
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect(await exists('outer@example.com')).toBe(true);
    expect(await exists('inner@example.com')).toBe(false);
  });

  it('hands out the raw connection for reused prepared statements only inside a transaction', async () => {
    expect(() => sqliteInTransaction(db)).toThrow(/inside withTransaction/);
    await withTransaction(db, async (tx) => {
      expect(sqliteInTransaction(tx).inTransaction).toBe(true);
    });
  });
});
