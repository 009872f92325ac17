import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { isPostgres, pgRows } from '../postgres';
import { withSqlite } from '../transaction';

/** A card row as the board draws it: no detailed description (the viewer fetches that per card). */
export type CompactCardRow = {
  id: number;
  sectionId: number | null;
  x: number;
  y: number;
  orientation: string;
  isBookmarked: number;
  title: string;
  description: string;
  game: string;
  gameLink: string;
  /** JSON text as stored; spliced into the answer without a parse/serialise round trip. */
  tags: string;
  images: string;
  /** JSON text as stored, like tags. */
  reasons: string;
};

/**
 * Paged reads of a board's cards for very large boards. The caller has checked the board's owner; `hideLocked`
 * leaves out the cards the free-plan lock hides (cards.locked).
 */
export const boardContentRepo = {
  /** `readerId`: whose bookmarks the rows' isBookmarked says (bookmarks are per person). */
  async page(
    db: Db,
    boardId: number,
    readerId: number,
    afterId: number,
    limit: number,
    hideLocked: boolean,
  ): Promise<CompactCardRow[]> {
    if (isPostgres(db)) {
      return pgRows<CompactCardRow>(
        db,
        sql`select id, section_id "sectionId", x, y, orientation, (exists (select 1 from card_bookmarks b where b.user_id = ${readerId} and b.card_id = cards.id))::int "isBookmarked", title, description, game,
                   game_link "gameLink", tags, images, reasons
              from cards
             where board_id = ${boardId} and id > ${afterId} and (${hideLocked ? 1 : 0}::int = 0 or locked = 0)
             order by id limit ${limit}`,
      );
    }
    return withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare(
            `select id, section_id sectionId, x, y, orientation, exists (select 1 from card_bookmarks b where b.user_id = ? and b.card_id = cards.id) isBookmarked, title, description, game,
                game_link gameLink, tags, images, reasons
           from cards
          where board_id = ? and id > ? and (? = 0 or locked = 0)
          order by id limit ?`,
          )
          .all(readerId, boardId, afterId, hideLocked ? 1 : 0, limit) as CompactCardRow[],
    );
  },
  /**
   * The content version of a board the user owns (bumped by triggers on every card, section and board write; see
   * schema), or null when the board is not theirs: the owner check and the version in one statement.
   */
  async ownedVersion(db: Db, userId: number, boardId: number): Promise<number | null> {
    if (isPostgres(db)) {
      const [row] = await pgRows<{ version: number }>(
        db,
        sql`select coalesce(v.version, 0)::int version from boards b left join board_content_versions v on v.board_id = b.id
             where b.id = ${boardId} and b.user_id = ${userId}`,
      );
      return row ? row.version : null;
    }
    const row = await withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare(
            `select coalesce(v.version, 0) version from boards b left join board_content_versions v on v.board_id = b.id
            where b.id = ? and b.user_id = ?`,
          )
          .get(boardId, userId) as { version: number } | undefined,
    );
    return row ? row.version : null;
  },
  async count(db: Db, boardId: number, hideLocked: boolean): Promise<number> {
    if (isPostgres(db)) {
      const [row] = await pgRows<{ n: number }>(
        db,
        sql`select count(*)::int n from cards where board_id = ${boardId} and (${hideLocked ? 1 : 0}::int = 0 or locked = 0)`,
      );
      return row.n;
    }
    const row = await withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare(
            `select count(*) n from cards
          where board_id = ? and (? = 0 or locked = 0)`,
          )
          .get(boardId, hideLocked ? 1 : 0) as { n: number },
    );
    return row.n;
  },
};
