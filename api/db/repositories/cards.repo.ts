import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { isPostgres, pgRows } from '../postgres';
import { changedRows, lockingRows, sqliteInTransaction } from '../transaction';
import { boards, cards } from '../schema';
import type { RepoDb } from './boards.repo';
import { childIdsOnOwnedBoard } from './board-child-ids';
import { first } from '../dialect';

export type CardRow = typeof cards.$inferSelect;
export type NewCardRow = Omit<typeof cards.$inferInsert, 'id' | 'boardId'>;
type CardPatch = Partial<
  Pick<CardRow, 'sectionId' | 'boardId' | 'x' | 'y' | 'title' | 'detailedDescription' | 'game' | 'gameLink' | 'tags' | 'images'>
>;

/** Cards have no owner column: they are owned through their board, so every read joins or filters on it. */
const ownedBoardIds = (db: RepoDb, userId: number) =>
  db.select({ id: boards.id }).from(boards).where(eq(boards.userId, userId));

const isOwnedCard = (db: RepoDb, userId: number, cardId: number) =>
  and(eq(cards.id, cardId), inArray(cards.boardId, ownedBoardIds(db, userId)));

export const cardsRepo = {
  /** The cards of one of the user's boards, oldest first; empty when the board is not theirs. */
  async listOwnedByBoard(db: RepoDb, userId: number, boardId: number): Promise<CardRow[]> {
    return db
      .select({ card: cards })
      .from(cards)
      .innerJoin(boards, eq(boards.id, cards.boardId))
      .where(and(eq(cards.boardId, boardId), eq(boards.userId, userId)))
      .orderBy(asc(cards.id))
      .then((rows) => rows.map((r) => r.card));
  },
  /** Bookmarked cards across all of the user's boards. */
  async listBookmarkedOwned(db: RepoDb, userId: number): Promise<CardRow[]> {
    return db
      .select({ card: cards })
      .from(cards)
      .innerJoin(boards, eq(boards.id, cards.boardId))
      .where(and(eq(boards.userId, userId), eq(cards.isBookmarked, 1)))
      .orderBy(asc(cards.id))
      .then((rows) => rows.map((r) => r.card));
  },
  async getOwned(db: RepoDb, userId: number, cardId: number): Promise<CardRow | undefined> {
    return db.select().from(cards).where(isOwnedCard(db, userId, cardId)).limit(1).then(first);
  },
  /** The card, its row locked until the transaction ends (a section or board change decided on the board read here). */
  async lockOwned(db: RepoDb, userId: number, cardId: number): Promise<CardRow | undefined> {
    return lockingRows(db, db.select().from(cards).where(isOwnedCard(db, userId, cardId)).limit(1), 'no key update').then(first);
  },
  /**
   * Inserts cards on a board. The board id comes from `boardsRepo.getOwned` in the caller: this function is the
   * write half of an owner check the service has already made.
   */
  async insertOnBoard(db: RepoDb, boardId: number, rows: NewCardRow[]): Promise<CardRow[]> {
    if (rows.length === 0) return [];
    return db
      .insert(cards)
      .values(rows.map((row) => ({ ...row, boardId })))
      .returning();
  },
  async updateOwned(db: RepoDb, userId: number, cardId: number, patch: CardPatch): Promise<CardRow | undefined> {
    return db.update(cards).set(patch).where(isOwnedCard(db, userId, cardId)).returning().then(first);
  },
  /** Flips isBookmarked between 0 and 1 in one statement, so two quick toggles never read a stale value. */
  async toggleBookmarkOwned(db: RepoDb, userId: number, cardId: number): Promise<CardRow | undefined> {
    return db
      .update(cards)
      .set({ isBookmarked: sql`1 - ${cards.isBookmarked}` })
      .where(isOwnedCard(db, userId, cardId))
      .returning()
      .then(first);
  },
  async deleteOwned(db: RepoDb, userId: number, cardId: number): Promise<boolean> {
    return changedRows(await db.delete(cards).where(isOwnedCard(db, userId, cardId))) > 0;
  },
  /**
   * Ids of the cards on one of the user's boards (layout saves check every item against them).
   * Bulk layout helpers use better-sqlite3 directly: at 100,000 rows drizzle's per-call mapping doubles the time.
   * Call them inside the caller's transaction (same connection, so they are part of it).
   */
  async idsOnBoard(db: Db, userId: number, boardId: number): Promise<Set<number>> {
    return childIdsOnOwnedBoard(db, 'cards', userId, boardId);
  },
  /** Which of these ids are cards of one of the user's boards (one slice of a layout save's check). */
  async idsAmongOnBoard(db: Db, userId: number, boardId: number, ids: number[]): Promise<Set<number>> {
    return childIdsOnOwnedBoard(db, 'cards', userId, boardId, ids);
  },
  /**
   * Moves cards of one board (ids checked against idsOnBoard), inside the caller's transaction only: SQLite runs one
   * prepared statement per `add`; PostgreSQL one update of every added card at `flush`.
   */
  positionWriter(db: Db, boardId: number): { add(id: number, x: number, y: number): void; flush(): Promise<void> } {
    if (isPostgres(db)) {
      const ids: number[] = [];
      const xs: number[] = [];
      const ys: number[] = [];
      return {
        add: (id, x, y) => void (ids.push(id), xs.push(x), ys.push(y)),
        async flush() {
          if (!ids.length) return;
          await pgRows(
            db,
            sql`update cards set x = v.x, y = v.y
                  from unnest(${sql.param(ids)}::int[], ${sql.param(xs)}::float8[], ${sql.param(ys)}::float8[]) as v(id, x, y)
                 where cards.id = v.id and cards.board_id = ${boardId}`,
          );
        },
      };
    }
    const statement = sqliteInTransaction(db).prepare('update cards set x = ?, y = ? where id = ? and board_id = ?');
    return { add: (id, x, y) => void statement.run(x, y, id, boardId), flush: async () => {} };
  },
};
