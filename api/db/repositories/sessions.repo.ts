import { and, eq, gt, lte, or } from 'drizzle-orm';
import type { Db } from '../client';
import { sessions, users } from '../schema';
import { first } from '../dialect';

export const sessionsRepo = {
  async create(db: Db, row: typeof sessions.$inferInsert) {
    await db.insert(sessions).values(row);
  },
  /** The session and its user, only while the session is unexpired. */
  async findLive(db: Db, tokenHash: string, now: Date) {
    return db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
      .limit(1)
      .then(first);
  },
  async extend(db: Db, tokenHash: string, expiresAt: Date) {
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
  },
  async delete(db: Db, tokenHash: string) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  },
  /** Drops one user's sessions that can no longer be used, so old rows do not pile up. */
  async deleteExpiredForUser(db: Db, userId: number, now: Date) {
    await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), or(lte(sessions.expiresAt, now), lte(sessions.absoluteExpiresAt, now))));
  },
};
