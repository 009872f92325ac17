import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from './users.repo';
import { loginFailures } from '../schema';
import { first } from '../dialect';

/** Failed sign-ins, one row per key per attempt; keys are 'email:<address>' or 'ip:<address>'. */
export const loginFailuresRepo = {
  async countSince(db: Queryable, key: string, since: number): Promise<number> {
    const row = await db
      .select({ count: sql<number>`count(*)` })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gte(loginFailures.at, since)))
      .limit(1)
      .then(first);
    return row?.count ?? 0;
  },
  /** The time of a key's n-th newest failure at or after `since` (1 = newest), or null when there are fewer. */
  async nthNewestAt(db: Queryable, key: string, since: number, n: number): Promise<number | null> {
    const row = await db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gte(loginFailures.at, since)))
      .orderBy(desc(loginFailures.at), desc(loginFailures.id))
      .limit(1)
      .offset(n - 1)
      .then(first);
    return row?.at ?? null;
  },
  /** One row per key; returns the new rows' ids. */
  async record(db: Queryable, keys: string[], at: number): Promise<number[]> {
    if (keys.length === 0) return [];
    return db
      .insert(loginFailures)
      .values(keys.map((key) => ({ key, at })))
      .returning({ id: loginFailures.id })
      .then((rows) => rows.map((row) => row.id));
  },
  async clearKey(db: Queryable, key: string) {
    await db.delete(loginFailures).where(eq(loginFailures.key, key));
  },
  async deleteIds(db: Queryable, ids: number[]) {
    if (ids.length === 0) return;
    await db.delete(loginFailures).where(inArray(loginFailures.id, ids));
  },
  /** Drops these keys' failures older than `before` so the table stays small. */
  async pruneBefore(db: Queryable, keys: string[], before: number) {
    if (keys.length === 0) return;
    await db.delete(loginFailures).where(and(inArray(loginFailures.key, keys), lt(loginFailures.at, before)));
  },
};
