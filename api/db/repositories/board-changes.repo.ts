import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { isPostgres, pgRows } from '../postgres';
import { boardChanges, boardContentVersions } from '../schema';
import { first, only } from '../dialect';

export type BoardChangeRow = typeof boardChanges.$inferSelect;
export type NewBoardChangeRow = Omit<typeof boardChanges.$inferInsert, 'id' | 'createdAt'> & { createdAt: Date };

/** The PostgreSQL channel board changes are announced on (LISTEN/NOTIFY, api/db/postgres-listen.ts). */
export const BOARD_CHANGES_CHANNEL = 'loot_board_changes';

/**
 * The log of applied board-operation batches (schema: boardChanges) and the board's content version they move.
 * Every function takes the caller's `tx`: a batch's version, rows and log entry are one transaction.
 */
export const boardChangesRepo = {
  /**
   * Opens a batch on a board: bumps its content version once (so even a batch that only renames the board moves
   * it) and answers the version before. The UPDATE locks the board's version row until the transaction ends, so
   * batches on one board apply one after another and each one's before/after pair is exact (ADR 0008's lock
   * order: the board row first, then this one).
   */
  async openBatch(tx: Db, boardId: number): Promise<number> {
    const row = await tx
      .insert(boardContentVersions)
      .values({ boardId, version: 1 })
      .onConflictDoUpdate({
        target: boardContentVersions.boardId,
        set: { version: sql`${boardContentVersions.version} + 1` },
      })
      .returning({ version: boardContentVersions.version })
      .then(only);
    return row.version - 1;
  },
  async version(tx: Db, boardId: number): Promise<number> {
    const row = await tx
      .select({ version: boardContentVersions.version })
      .from(boardContentVersions)
      .where(eq(boardContentVersions.boardId, boardId))
      .limit(1)
      .then(first);
    return row?.version ?? 0;
  },
  /** The batch this user already sent with this id, if any (a retry). */
  async findBatch(tx: Db, userId: number, batchId: string): Promise<BoardChangeRow | undefined> {
    return tx
      .select()
      .from(boardChanges)
      .where(and(eq(boardChanges.userId, userId), eq(boardChanges.batchId, batchId)))
      .limit(1)
      .then(first);
  },
  async record(tx: Db, row: NewBoardChangeRow): Promise<void> {
    await tx.insert(boardChanges).values(row);
  },
  /** The logged changes of a board after `since`, oldest first, at most `limit` of them. */
  async since(db: Db, boardId: number, since: number, limit: number): Promise<BoardChangeRow[]> {
    return db
      .select()
      .from(boardChanges)
      .where(and(eq(boardChanges.boardId, boardId), gt(boardChanges.toVersion, since)))
      .orderBy(asc(boardChanges.toVersion))
      .limit(limit);
  },
  /** The one logged change that ended at `version` (a change announced without its body). */
  async at(db: Db, boardId: number, version: number): Promise<BoardChangeRow | undefined> {
    return db
      .select()
      .from(boardChanges)
      .where(and(eq(boardChanges.boardId, boardId), eq(boardChanges.toVersion, version)))
      .limit(1)
      .then(first);
  },
  /** Forgets changes older than `before` (their batch ids stop guarding against a retry from then on). */
  async prune(db: Db, before: Date): Promise<void> {
    await db.delete(boardChanges).where(lt(boardChanges.createdAt, before));
  },
  /**
   * Announces a change to every instance listening (PostgreSQL NOTIFY, delivered when `tx` commits and never if it
   * rolls back). False on SQLite, where the one process delivers it itself after the commit.
   */
  async announce(tx: Db, payload: string): Promise<boolean> {
    if (!isPostgres(tx)) return false;
    await pgRows(tx, sql`select pg_notify(${BOARD_CHANGES_CHANNEL}, ${payload})`);
    return true;
  },
};
