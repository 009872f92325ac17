import { and, asc, count, eq, gt, like, lte } from 'drizzle-orm';
import type { Db } from '../client';
import { liveStreams, users } from '../schema';
import { first } from '../dialect';
import { usersRepo } from './users.repo';

/**
 * A stream's id names its board (`b<boardId>.<uuid>`), so who has a board open is one indexed prefix read of this
 * table across every instance (team boards' presence), with no column of its own.
 */
export function liveStreamId(boardId: number, uuid: string): string {
  return `b${boardId}.${uuid}`;
}

/** Open live streams (schema: liveStreams): the per-user cap, held in the database so it counts every instance. */
export const liveStreamsRepo = {
  /**
   * Registers a stream when the user holds fewer than `max` live ones; false at the cap. Inside the caller's
   * transaction, with the user's row locked first, so two opens at once never both take the last place.
   */
  async openUnderCap(
    tx: Db,
    row: { id: string; userId: number; instance: string; expiresAt: number },
    now: number,
    max: number,
  ): Promise<boolean> {
    await usersRepo.lockById(tx, row.userId);
    await tx.delete(liveStreams).where(and(eq(liveStreams.userId, row.userId), lte(liveStreams.expiresAt, now)));
    const held =
      (
        await tx
          .select({ n: count() })
          .from(liveStreams)
          .where(and(eq(liveStreams.userId, row.userId), gt(liveStreams.expiresAt, now)))
          .then(first)
      )?.n ?? 0;
    if (held >= max) return false;
    await tx.insert(liveStreams).values(row);
    return true;
  },
  /** Keeps every stream of this instance alive until `expiresAt` (one statement per heartbeat, whatever their number). */
  async renewInstance(db: Db, instance: string, expiresAt: number): Promise<void> {
    await db.update(liveStreams).set({ expiresAt }).where(eq(liveStreams.instance, instance));
  },
  /** The people with a live stream of the board open now, on any instance, each once, by user id. */
  async peopleOnBoard(
    db: Db,
    boardId: number,
    now: number,
  ): Promise<{ id: number; email: string; firstName: string | null }[]> {
    return db
      .selectDistinct({ id: users.id, email: users.email, firstName: users.firstName })
      .from(liveStreams)
      .innerJoin(users, eq(users.id, liveStreams.userId))
      .where(and(like(liveStreams.id, `b${boardId}.%`), gt(liveStreams.expiresAt, now)))
      .orderBy(asc(users.id));
  },
  async close(db: Db, id: string): Promise<void> {
    await db.delete(liveStreams).where(eq(liveStreams.id, id));
  },
};
