import { and, asc, count, eq, inArray, max, sum } from 'drizzle-orm';
import { cardBookmarks, cards } from '../schema';
import type { RepoDb } from './boards.repo';
import type { CardRow } from './cards.repo';
import { onReachableBoard } from './reachable-boards';

/**
 * Per-person bookmarks (schema: cardBookmarks). The caller has checked the user's role on the card's
 * board; reads that list across boards keep to boards the user can reach.
 */
export const cardBookmarksRepo = {
  /** Which of these cards the user has bookmarked. */
  async bookmarkedOf(db: RepoDb, userId: number, cardIds: readonly number[]): Promise<Set<number>> {
    if (cardIds.length === 0) return new Set();
    const rows = await db
      .select({ cardId: cardBookmarks.cardId })
      .from(cardBookmarks)
      .where(and(eq(cardBookmarks.userId, userId), inArray(cardBookmarks.cardId, [...cardIds])));
    return new Set(rows.map((r) => r.cardId));
  },
  async isBookmarked(db: RepoDb, userId: number, cardId: number): Promise<boolean> {
    return (await this.bookmarkedOf(db, userId, [cardId])).has(cardId);
  },
  /** Sets the user's bookmark of a card (idempotent); without a value it flips. Answers the state now. */
  async set(db: RepoDb, userId: number, cardId: number, value: boolean | undefined, now: Date): Promise<boolean> {
    const removed =
      value === true
        ? []
        : await db
            .delete(cardBookmarks)
            .where(and(eq(cardBookmarks.userId, userId), eq(cardBookmarks.cardId, cardId)))
            .returning({ cardId: cardBookmarks.cardId });
    const add = value === true || (value === undefined && removed.length === 0);
    if (add) await db.insert(cardBookmarks).values({ userId, cardId, createdAt: now }).onConflictDoNothing();
    return add;
  },
  /** The user's bookmarked cards on boards they own or are a member of, oldest card first. */
  async listReachable(db: RepoDb, userId: number): Promise<CardRow[]> {
    return db
      .select({ card: cards })
      .from(cardBookmarks)
      .innerJoin(cards, eq(cards.id, cardBookmarks.cardId))
      .where(and(eq(cardBookmarks.userId, userId), onReachableBoard(cards.boardId, userId)))
      .orderBy(asc(cards.id))
      .then((rows) => rows.map((r) => r.card));
  },
  /** A member leaving or removed from a board: their bookmarks of its cards go. */
  async deleteOnBoard(db: RepoDb, userId: number, boardId: number): Promise<void> {
    await db
      .delete(cardBookmarks)
      .where(
        and(
          eq(cardBookmarks.userId, userId),
          inArray(cardBookmarks.cardId, db.select({ id: cards.id }).from(cards).where(eq(cards.boardId, boardId))),
        ),
      );
  },
  /**
   * What the user's bookmarks of one board are now, as a short key (count, id sum, newest): any add or remove
   * changes it. Content pages carry the reader's bookmarks, so their cache key includes it (a bookmark does not
   * move the board's content version: it is nobody else's change).
   */
  async stateKey(db: RepoDb, userId: number, boardId: number): Promise<string> {
    const [row] = await db
      .select({ n: count(), ids: sum(cardBookmarks.cardId), newest: max(cardBookmarks.createdAt) })
      .from(cardBookmarks)
      .innerJoin(cards, eq(cards.id, cardBookmarks.cardId))
      .where(and(eq(cardBookmarks.userId, userId), eq(cards.boardId, boardId)));
    return `${row?.n ?? 0}.${row?.ids ?? 0}.${row?.newest?.getTime() ?? 0}`;
  },
};
