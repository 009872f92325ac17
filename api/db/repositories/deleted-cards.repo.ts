import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { isPostgres, pgRows } from '../postgres';
import { withSqlite } from '../transaction';
import { deletedCards } from '../schema';
import { insertRow, insertRowPg, type Row } from './board-trash.repo';

/**
 * Deleted cards kept so that undoing a delete brings the same card back: its raw row (column names as keys, so
 * whatever columns the table has come back with it) and every person's bookmark of it. The caller holds the
 * card's board in its write; rows are addressed by board and card id.
 */
export type CardTombstone = { card: Row; bookmarks: Row[] };

export const deletedCardsRepo = {
  /** The card's row and its bookmarks as they are (call inside the delete's write, before the delete). */
  async snapshot(db: Db, boardId: number, cardId: number): Promise<CardTombstone | null> {
    if (isPostgres(db)) {
      const [card] = await pgRows<Row>(db, sql`select * from cards where id = ${cardId} and board_id = ${boardId}`);
      if (!card) return null;
      const bookmarks = await pgRows<Row>(db, sql`select * from card_bookmarks where card_id = ${cardId}`);
      return { card, bookmarks };
    }
    return withSqlite(db, (sqlite) => {
      const card = sqlite.prepare('select * from cards where id = ? and board_id = ?').get(cardId, boardId) as
        Row | undefined;
      if (!card) return null;
      const bookmarks = sqlite.prepare('select * from card_bookmarks where card_id = ?').all(cardId) as Row[];
      return { card, bookmarks };
    });
  },

  async put(db: Db, boardId: number, cardId: number, tombstone: CardTombstone, deletedAt: Date): Promise<void> {
    const values = {
      cardId,
      boardId,
      card: JSON.stringify(tombstone.card),
      bookmarks: JSON.stringify(tombstone.bookmarks),
      deletedAt,
    };
    await db.insert(deletedCards).values(values).onConflictDoUpdate({ target: deletedCards.cardId, set: values });
  },

  /** Takes the card's tombstone out (the restore consumes it); null when there is none on this board. */
  async take(db: Db, boardId: number, cardId: number): Promise<CardTombstone | null> {
    const [row] = await db
      .delete(deletedCards)
      .where(and(eq(deletedCards.cardId, cardId), eq(deletedCards.boardId, boardId)))
      .returning({ card: deletedCards.card, bookmarks: deletedCards.bookmarks });
    return row ? { card: JSON.parse(row.card) as Row, bookmarks: JSON.parse(row.bookmarks) as Row[] } : null;
  },

  /**
   * Puts the card back with its id, in `sectionId` (null when its section is gone) and with the bookmarks of the
   * people who still exist; a catalogue feature gone meanwhile is unlinked.
   */
  async restore(db: Db, tombstone: CardTombstone, sectionId: number | null): Promise<void> {
    const card: Row = { ...tombstone.card, section_id: sectionId };
    if (isPostgres(db)) {
      if (
        card.feature_id != null &&
        (await pgRows(db, sql`select 1 from features where id = ${card.feature_id as number}`)).length === 0
      )
        card.feature_id = null;
      await insertRowPg(db, 'cards', card);
      for (const row of tombstone.bookmarks) {
        if ((await pgRows(db, sql`select 1 from users where id = ${row.user_id as number}`)).length === 0) continue;
        await insertRowPg(db, 'card_bookmarks', row);
      }
      return;
    }
    await withSqlite(db, (sqlite) => {
      if (card.feature_id != null && !sqlite.prepare('select 1 from features where id = ?').get(card.feature_id))
        card.feature_id = null;
      insertRow(sqlite, 'cards', card);
      const userExists = sqlite.prepare('select 1 from users where id = ?');
      for (const row of tombstone.bookmarks) if (userExists.get(row.user_id)) insertRow(sqlite, 'card_bookmarks', row);
    });
  },

  /** Forgets tombstones older than `cutoff` (an undo that late finds nothing to restore). */
  async purgeBefore(db: Db, cutoff: Date): Promise<void> {
    await db.delete(deletedCards).where(lt(deletedCards.deletedAt, cutoff));
  },
};
