import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { isPostgres, pgRows } from '../postgres';
import { lockingRows, sqliteInTransaction } from '../transaction';
import { boards, cards } from '../schema';
import type { RepoDb } from './boards.repo';
import { childIdsOnOwnedBoard } from './board-child-ids';
import { first } from '../dialect';
import { onReachableBoard } from './reachable-boards';

export type CardRow = typeof cards.$inferSelect;
export type NewCardRow = Omit<typeof cards.$inferInsert, 'id' | 'boardId'>;
type CardPatch = Partial<
  Pick<
    CardRow,
    'sectionId' | 'boardId' | 'x' | 'y' | 'title' | 'detailedDescription' | 'game' | 'gameLink' | 'tags' | 'images'
  >
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
  /** A card on a board the user owns or is a member of (the caller then checks their role on card.boardId). */
  async getReachable(db: RepoDb, userId: number, cardId: number): Promise<CardRow | undefined> {
    return db
      .select()
      .from(cards)
      .where(and(eq(cards.id, cardId), onReachableBoard(cards.boardId, userId)))
      .limit(1)
      .then(first);
  },
  async getOwned(db: RepoDb, userId: number, cardId: number): Promise<CardRow | undefined> {
    return db
      .select()
      .from(cards)
      .where(isOwnedCard(db, userId, cardId))
      .limit(1)
      .then(first);
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

  /**
   * The board-operations session's reads and writes (api/services/board-ops): it has checked the board's owner and
   * holds the board, so these address cards by board and id, and a card of another board is simply not found.
   */
  async lockOnBoard(db: RepoDb, boardId: number, cardId: number): Promise<CardRow | undefined> {
    return lockingRows(
      db,
      db
        .select()
        .from(cards)
        .where(and(eq(cards.id, cardId), eq(cards.boardId, boardId)))
        .limit(1),
      'no key update',
    ).then(first);
  },
  async updateOnBoard(db: RepoDb, boardId: number, cardId: number, patch: CardPatch): Promise<CardRow | undefined> {
    return db
      .update(cards)
      .set(patch)
      .where(and(eq(cards.id, cardId), eq(cards.boardId, boardId)))
      .returning()
      .then(first);
  },
  async deleteOnBoard(db: RepoDb, boardId: number, cardId: number): Promise<CardRow | undefined> {
    return db
      .delete(cards)
      .where(and(eq(cards.id, cardId), eq(cards.boardId, boardId)))
      .returning()
      .then(first);
  },
  /** These cards of the board as they are now (a batch's changed rows), in id order; ids not on it are left out. */
  async listOnBoardByIds(db: RepoDb, boardId: number, ids: number[]): Promise<CardRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(cards)
      .where(and(eq(cards.boardId, boardId), inArray(cards.id, ids)))
      .orderBy(asc(cards.id));
  },
  /** Ids of the cards in a section (a section's delete unlinks them). */
  async idsInSection(db: RepoDb, sectionId: number): Promise<number[]> {
    return db
      .select({ id: cards.id })
      .from(cards)
      .where(eq(cards.sectionId, sectionId))
      .then((rows) => rows.map((r) => r.id));
  },
  /**
   * The layout inputs of the board's cards (the layout intents on the server), by id; `page`: only those after
   * `afterId`, at most `limit` of them (a 10,000-card board read in pages, the loop given turns between them).
   */
  async layoutInputsOnBoard(
    db: RepoDb,
    boardId: number,
    page?: { afterId: number; limit: number },
  ): Promise<{ id: number; sectionId: number | null; orientation: string; locked: number; x: number; y: number }[]> {
    const query = db
      .select({
        id: cards.id,
        sectionId: cards.sectionId,
        orientation: cards.orientation,
        locked: cards.locked,
        x: cards.x,
        y: cards.y,
      })
      .from(cards)
      .where(page ? and(eq(cards.boardId, boardId), gt(cards.id, page.afterId)) : eq(cards.boardId, boardId))
      .orderBy(asc(cards.id));
    return page ? query.limit(page.limit) : query;
  },
  /**
   * Ids of the cards on one of the user's boards (ops that place many cards check every id against them).
   * Bulk layout helpers use better-sqlite3 directly: at 100,000 rows drizzle's per-call mapping doubles the time.
   * Call them inside the caller's transaction (same connection, so they are part of it).
   */
  async idsOnBoard(db: Db, userId: number, boardId: number): Promise<Set<number>> {
    return childIdsOnOwnedBoard(db, 'cards', userId, boardId);
  },
  /** Which of these ids are cards of one of the user's boards (a layout.set's or a move's check). */
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
