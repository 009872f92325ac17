import { and, asc, count, eq, like, or } from 'drizzle-orm';
import type { Db } from '../client';
import { boards } from '../schema';

export type BoardRow = typeof boards.$inferSelect;
type NewBoard = Omit<typeof boards.$inferInsert, 'id' | 'userId'>;
/** The database or a transaction handle inside `db.transaction((tx) => ...)`: both run the same queries. */
export type RepoDb = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** Boards, always reached through their owner: every function takes the user id (ARCHITECTURE: ownership). */
export const boardsRepo = {
  listOwned(db: RepoDb, userId: number): BoardRow[] {
    return db.select().from(boards).where(eq(boards.userId, userId)).orderBy(asc(boards.id)).all();
  },
  getOwned(db: RepoDb, userId: number, boardId: number): BoardRow | undefined {
    return db
      .select()
      .from(boards)
      .where(and(eq(boards.id, boardId), eq(boards.userId, userId)))
      .get();
  },
  countOwned(db: RepoDb, userId: number): number {
    return db.select({ n: count() }).from(boards).where(eq(boards.userId, userId)).get()?.n ?? 0;
  },
  /** Titles of the user's boards that may take part in 'Untitled N' numbering. */
  untitledTitlesOwned(db: RepoDb, userId: number, base: string): string[] {
    return db
      .select({ title: boards.title })
      .from(boards)
      .where(and(eq(boards.userId, userId), or(eq(boards.title, base), like(boards.title, `${base} %`))))
      .all()
      .map((r) => r.title);
  },
  create(db: RepoDb, userId: number, board: NewBoard): BoardRow {
    return db
      .insert(boards)
      .values({ ...board, userId })
      .returning()
      .get();
  },
  updateOwned(
    db: RepoDb,
    userId: number,
    boardId: number,
    patch: Partial<Pick<BoardRow, 'title' | 'slug' | 'isShared' | 'shareCode' | 'updatedAt'>>,
  ): BoardRow | undefined {
    return db
      .update(boards)
      .set(patch)
      .where(and(eq(boards.id, boardId), eq(boards.userId, userId)))
      .returning()
      .get();
  },
  /** Deletes the board; its cards and sections go with it (ON DELETE CASCADE). True when a row was deleted. */
  deleteOwned(db: RepoDb, userId: number, boardId: number): boolean {
    return db
      .delete(boards)
      .where(and(eq(boards.id, boardId), eq(boards.userId, userId)))
      .run().changes > 0;
  },
};
