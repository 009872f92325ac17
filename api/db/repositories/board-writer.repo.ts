import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { isPostgres, pgRows } from '../postgres';
import { sqliteInTransaction, withSqlite } from '../transaction';
import { boards, cards, sections } from '../schema';
import type { RepoDb } from './boards.repo';
import { only } from '../dialect';

export type BulkCard = {
  sectionId: number | null;
  title: string;
  description: string;
  detailedDescription: string;
  game: string;
  gameLink: string;
  images: string;
  tags: string;
  orientation: string;
  x: number;
  y: number;
  featureId: number;
  /** CardReason[] as JSON (search cards); absent for others. */
  reasons?: string;
};

export type BoardCopyTarget = { userId: number; title: string; slug: string; copiedFromBoardId: number };

/** Rows per multi-row insert when a board is copied: a 100,000-card copy is a few hundred statements. */
const COPY_CHUNK = 500;

/** Rows per multi-row card insert on PostgreSQL (16 parameters a row, well under its 65,535). */
const PG_CARD_CHUNK = 1000;

/** Cards written in order: `add` each, then `flush` for their ids (SQLite writes at `add`, PostgreSQL in chunks at `flush`). */
export type CardInserter = { add(card: BulkCard): void; flush(): Promise<number[]> };

/**
 * Bulk board writes (ARCHITECTURE: one board-writer repository): the demo board, a search's results, "more like
 * this section" and a share link's copy all write boards, sections and cards through here, always inside the
 * caller's transaction. The new-board path uses one prepared statement reused for every row (a 100,000-card board
 * is 100,000 executions of one statement, not 100,000 parses).
 */
export const boardWriterRepo = {
  /** `laidOut`: the caller lays the board out itself (its first auto-layout is done). */
  async insertBoard(
    db: Db,
    userId: number,
    title: string,
    slug: string,
    now: number,
    options: { laidOut?: boolean } = {},
  ): Promise<number> {
    const laidOut = options.laidOut ? 1 : 0;
    if (isPostgres(db)) {
      const [row] = await pgRows<{ id: number }>(
        db,
        sql`insert into boards (user_id, title, slug, is_shared, auto_layout_done, created_at, updated_at) values (${userId}, ${title}, ${slug}, 0, ${laidOut}, ${now}, ${now}) returning id`,
      );
      return row.id;
    }
    const row = await withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare(
            'insert into boards (user_id, title, slug, is_shared, auto_layout_done, created_at, updated_at) values (?, ?, ?, 0, ?, ?, ?) returning id',
          )
          .get(userId, title, slug, laidOut, now, now) as { id: number },
    );
    return row.id;
  },
  /**
   * Sections in the order given, their ids in that order. One after another, never side by side: statements sent
   * together on one PostgreSQL transaction's client only queue inside the driver (deprecated, gone in pg 9).
   */
  async insertSections(
    db: Db,
    boardId: number,
    list: { title: string; color: string; x: number; y: number; width: number; height: number }[],
    now: number,
  ): Promise<number[]> {
    const ids: number[] = [];
    for (const section of list) ids.push(await boardWriterRepo.insertSection(db, boardId, section, now));
    return ids;
  },
  async insertSection(
    db: Db,
    boardId: number,
    s: { title: string; color: string; x: number; y: number; width: number; height: number },
    now: number,
  ): Promise<number> {
    if (isPostgres(db)) {
      const [row] = await pgRows<{ id: number }>(
        db,
        sql`insert into sections (board_id, title, color, x, y, width, height, created_at)
            values (${boardId}, ${s.title}, ${s.color}, ${s.x}, ${s.y}, ${s.width}, ${s.height}, ${now}) returning id`,
      );
      return row.id;
    }
    const row = await withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare(
            'insert into sections (board_id, title, color, x, y, width, height, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id',
          )
          .get(boardId, s.title, s.color, s.x, s.y, s.width, s.height, now) as { id: number },
    );
    return row.id;
  },
  /**
   * Cards of one board, inside the caller's transaction only. SQLite: one prepared insert reused for every card,
   * run at `add`. PostgreSQL: multi-row inserts at `flush`.
   */
  cardInserter(db: Db, boardId: number, now: number): CardInserter {
    if (isPostgres(db)) {
      const pending: BulkCard[] = [];
      return {
        add: (c) => void pending.push(c),
        async flush() {
          const ids: number[] = [];
          for (let i = 0; i < pending.length; i += PG_CARD_CHUNK) {
            const rows = pending.slice(i, i + PG_CARD_CHUNK).map(
              (
                c,
              ) => sql`(${boardId}, ${c.sectionId}, ${c.title}, ${c.description}, ${c.detailedDescription}, ${c.game}, ${c.gameLink}, ${c.images},
                          ${c.tags}, ${c.orientation}, ${c.x}, ${c.y}, ${c.featureId}, ${c.reasons ?? '[]'}, ${now})`,
            );
            const inserted = await pgRows<{ id: number }>(
              db,
              sql`insert into cards (board_id, section_id, title, description, detailed_description, game, game_link, images,
                                     tags, orientation, x, y, feature_id, reasons, created_at)
                  values ${sql.join(rows, sql`, `)} returning id`,
            );
            ids.push(...inserted.map((r) => r.id));
          }
          pending.length = 0;
          return ids;
        },
      };
    }
    const statement = sqliteInTransaction(db).prepare(
      `insert into cards (board_id, section_id, title, description, detailed_description, game, game_link, images,
                          tags, orientation, x, y, feature_id, reasons, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const ids: number[] = [];
    return {
      add: (c) =>
        void ids.push(
          Number(
            statement.run(
              boardId,
              c.sectionId,
              c.title,
              c.description,
              c.detailedDescription,
              c.game,
              c.gameLink,
              c.images,
              c.tags,
              c.orientation,
              c.x,
              c.y,
              c.featureId,
              c.reasons ?? '[]',
              now,
            ).lastInsertRowid,
          ),
        ),
      flush: async () => ids.splice(0),
    };
  },
  async setSectionBox(db: Db, id: number, x: number, y: number, width: number, height: number): Promise<void> {
    await db.update(sections).set({ x, y, width, height }).where(eq(sections.id, id));
  },
  /**
   * A copy of a board for another user (a share link's recipient): the board row, its sections and its cards.
   * The free-plan lock travels with the rows (sections.locked, cards.locked, decided by the caller before the
   * copy): a card hidden in the source is hidden in the copy, a locked section's cards the sharer deleted it from
   * included. Bookmarks are per person (card_bookmarks) and stay with the source. `leaveOutHidden`: the cards the
   * lock hides (cards.locked) are not copied at all (a member's copy of a free owner's board). Returns the copy's id.
   */
  async copyBoard(
    tx: RepoDb,
    sourceBoardId: number,
    target: BoardCopyTarget,
    now: Date,
    options: { leaveOutHidden?: boolean } = {},
  ): Promise<number> {
    const copy = await tx
      .insert(boards)
      .values({ ...target, isShared: 0, createdAt: now, updatedAt: now })
      .returning({ id: boards.id })
      .then(only);
    const sectionIdMap = new Map<number, number>();
    // In id order: the copy keeps the original's order (PostgreSQL returns rows in no set order without it).
    for (const section of await tx
      .select()
      .from(sections)
      .where(eq(sections.boardId, sourceBoardId))
      .orderBy(sections.id)) {
      const { id, boardId: _from, ...rest } = section;
      const inserted = await tx
        .insert(sections)
        .values({ ...rest, boardId: copy.id })
        .returning({ id: sections.id })
        .then(only);
      sectionIdMap.set(id, inserted.id);
    }
    const sourceCards = await tx
      .select()
      .from(cards)
      .where(
        options.leaveOutHidden
          ? and(eq(cards.boardId, sourceBoardId), eq(cards.locked, 0))
          : eq(cards.boardId, sourceBoardId),
      )
      .orderBy(cards.id);
    for (let i = 0; i < sourceCards.length; i += COPY_CHUNK) {
      const rows = sourceCards.slice(i, i + COPY_CHUNK).map(({ id: _id, boardId: _b, sectionId, ...rest }) => ({
        ...rest,
        boardId: copy.id,
        sectionId: sectionId === null ? null : (sectionIdMap.get(sectionId) ?? null),
        createdAt: now,
      }));
      await tx.insert(cards).values(rows);
    }
    return copy.id;
  },
};
