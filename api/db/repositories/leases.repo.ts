import { and, eq, sql } from 'drizzle-orm';
import { leases } from '../schema';
import { first } from '../dialect';
import type { Queryable } from './users.repo';

/** Leases by name (see schema: leases). Each change is one statement, so two processes cannot both win. */
export const leasesRepo = {
  /**
   * Takes the lease when it is free or expired, or renews it for its holder; true when `holder` holds it after.
   * One upsert whose update only fires on an expired or own lease: the database decides the race.
   */
  async take(db: Queryable, name: string, holder: string, now: number, until: number): Promise<boolean> {
    const row = await db
      .insert(leases)
      .values({ name, holder, expiresAt: until })
      .onConflictDoUpdate({
        target: leases.name,
        set: { holder, expiresAt: until },
        setWhere: sql`${leases.expiresAt} <= ${now} or ${leases.holder} = ${holder}`,
      })
      .returning({ holder: leases.holder })
      .then(first);
    return row?.holder === holder;
  },
  async release(db: Queryable, name: string, holder: string): Promise<void> {
    await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)));
  },
};
