import { and, desc, eq, gt, lte, ne, or } from 'drizzle-orm';
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
  async extend(db: Db, tokenHash: string, expiresAt: Date, lastSeenAt: Date) {
    await db.update(sessions).set({ expiresAt, lastSeenAt }).where(eq(sessions.tokenHash, tokenHash));
  },
  /** One user's unexpired sessions, newest first. */
  async listLiveForUser(db: Db, userId: number, now: Date) {
    return db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.absoluteExpiresAt, now)))
      .orderBy(desc(sessions.createdAt));
  },
  /** Ends every session of a user but one (the one asking; none when `keepTokenHash` is null). */
  async deleteForUserExcept(db: Db, userId: number, keepTokenHash: string | null) {
    await db
      .delete(sessions)
      .where(
        keepTokenHash === null
          ? eq(sessions.userId, userId)
          : and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)),
      );
  },
  async deleteForUser(db: Db, userId: number, tokenHash: string) {
    await db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, tokenHash)));
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
