import { and, asc, count, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { changedRows, lockingRows } from '../transaction';
import { boards } from '../schema';
import { first, only } from '../dialect';

export type BoardRow = typeof boards.$inferSelect;
type NewBoard = Omit<typeof boards.$inferInsert, 'id' | 'userId'>;
/** The database or the `tx` of `withTransaction(db, async (tx) => ...)`: both run the same queries. */
export type RepoDb = Db;
export type BoardPatch = Partial<Pick<BoardRow, 'title' | 'slug' | 'isShared' | 'updatedAt'>> & { shareCode?: string | null | SQL };

/** A share code for an update: the board's own when it has one, else `code` (decided by the UPDATE itself). */
export const keptShareCodeOr = (code: string): SQL => sql`coalesce(${boards.shareCode}, ${code})`;

/** Boards, always reached through their owner: every function takes the user id (ARCHITECTURE: ownership). */
export const boardsRepo = {
  async listOwned(db: RepoDb, userId: number): Promise<BoardRow[]> {
    return db.select().from(boards).where(eq(boards.userId, userId)).orderBy(asc(boards.id));
  },
  async getOwned(db: RepoDb, userId: number, boardId: number): Promise<BoardRow | undefined> {
    return db
      .select()
      .from(boards)
      .where(and(eq(boards.id, boardId), eq(boards.userId, userId)))
      .limit(1).then(first);
  },
  /**
   * The board, held until the transaction ends for a write that adds to it (a card, a section, a query): a delete,
   * which locks the row (lockOwned), waits for that write or goes first, so the write finds the board or a clear
   * 404, never a foreign-key failure halfway.
   */
  async holdOwned(db: RepoDb, userId: number, boardId: number): Promise<BoardRow | undefined> {
    return lockingRows(db, db.select().from(boards).where(and(eq(boards.id, boardId), eq(boards.userId, userId))).limit(1), 'key share').then(first);
  },
  /** The board, its row locked until the transaction ends (a delete: no card joins it meanwhile). */
  async lockOwned(db: RepoDb, userId: number, boardId: number): Promise<BoardRow | undefined> {
    return lockingRows(db, db.select().from(boards).where(and(eq(boards.id, boardId), eq(boards.userId, userId))).limit(1)).then(first);
  },
  async countOwned(db: RepoDb, userId: number): Promise<number> {
    return (await db.select({ n: count() }).from(boards).where(eq(boards.userId, userId)).limit(1).then(first))?.n ?? 0;
  },
  /** Titles of the user's boards that may take part in 'Untitled N' numbering. */
  async untitledTitlesOwned(db: RepoDb, userId: number, base: string): Promise<string[]> {
    const rows = await db
      .select({ title: boards.title })
      .from(boards)
      .where(and(eq(boards.userId, userId), or(eq(boards.title, base), like(boards.title, `${base} %`))));
    return rows.map((r) => r.title);
  },
  async create(db: RepoDb, userId: number, board: NewBoard): Promise<BoardRow> {
    return db
      .insert(boards)
      .values({ ...board, userId })
      .returning()
      .then(only);
  },
  async updateOwned(
    db: RepoDb,
    userId: number,
    boardId: number,
    patch: BoardPatch,
  ): Promise<BoardRow | undefined> {
    return db
      .update(boards)
      .set(patch)
      .where(and(eq(boards.id, boardId), eq(boards.userId, userId)))
      .returning()
      .then(first);
  },
  /** Deletes the board; its cards and sections go with it (ON DELETE CASCADE). True when a row was deleted. */
  async deleteOwned(db: RepoDb, userId: number, boardId: number): Promise<boolean> {
    return changedRows(await db.delete(boards).where(and(eq(boards.id, boardId), eq(boards.userId, userId)))) > 0;
  },
};
