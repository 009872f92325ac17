import { eq } from 'drizzle-orm';
import type { Db } from '../client';
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

export type BoardCopyTarget = { userId: number; title: string; slug: string; copiedFromShareCode: string };

/** Rows per multi-row insert when a board is copied: a 100,000-card copy is a few hundred statements. */
const COPY_CHUNK = 500;

/**
 * Bulk board writes (ARCHITECTURE: one board-writer repository): the demo board, a search's results, "more like
 * this section" and a share link's copy all write boards, sections and cards through here, always inside the
 * caller's transaction. The new-board path uses one prepared statement reused for every row (a 100,000-card board
 * is 100,000 executions of one statement, not 100,000 parses).
 */
export const boardWriterRepo = {
  async insertBoard(db: Db, userId: number, title: string, slug: string, now: number): Promise<number> {
    const row = await withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare('insert into boards (user_id, title, slug, is_shared, created_at, updated_at) values (?, ?, ?, 0, ?, ?) returning id')
          .get(userId, title, slug, now, now) as { id: number },
    );
    return row.id;
  },
  async insertSection(db: Db, boardId: number, s: { title: string; color: string; x: number; y: number; width: number; height: number }, now: number): Promise<number> {
    const row = await withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare('insert into sections (board_id, title, color, x, y, width, height, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id')
          .get(boardId, s.title, s.color, s.x, s.y, s.width, s.height, now) as { id: number },
    );
    return row.id;
  },
  /** One prepared insert reused for every card: inside the caller's transaction only. */
  cardInserter(db: Db, boardId: number, now: number) {
    const statement = sqliteInTransaction(db).prepare(
      `insert into cards (board_id, section_id, title, description, detailed_description, game, game_link, images,
                          tags, orientation, is_bookmarked, x, y, feature_id, reasons, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
    );
    return (c: BulkCard) =>
      statement.run(boardId, c.sectionId, c.title, c.description, c.detailedDescription, c.game, c.gameLink, c.images, c.tags, c.orientation, c.x, c.y, c.featureId, c.reasons ?? '[]', now);
  },
  updateSectionBox(db: Db) {
    const statement = sqliteInTransaction(db).prepare('update sections set x = ?, y = ?, width = ?, height = ? where id = ?');
    return (id: number, x: number, y: number, width: number, height: number) => statement.run(x, y, width, height, id);
  },
  /**
   * A copy of a board for another user (a share link's recipient): the board row, its sections and its cards.
   * The sharer's section locks and bookmarks are theirs: the copy's sections have no lock yet (the caller
   * decides them for the recipient) and its cards are neither bookmarked nor locked. Returns the copy's id.
   */
  async copyBoard(tx: RepoDb, sourceBoardId: number, target: BoardCopyTarget, now: Date): Promise<number> {
    const copy = await tx
      .insert(boards)
      .values({ ...target, isShared: 0, createdAt: now, updatedAt: now })
      .returning({ id: boards.id })
      .then(only);
    const sectionIdMap = new Map<number, number>();
    for (const section of await tx.select().from(sections).where(eq(sections.boardId, sourceBoardId))) {
      const { id, boardId: _from, ...rest } = section;
      const inserted = await tx.insert(sections).values({ ...rest, locked: null, boardId: copy.id }).returning({ id: sections.id }).then(only);
      sectionIdMap.set(id, inserted.id);
    }
    const sourceCards = await tx.select().from(cards).where(eq(cards.boardId, sourceBoardId));
    for (let i = 0; i < sourceCards.length; i += COPY_CHUNK) {
      const rows = sourceCards.slice(i, i + COPY_CHUNK).map(({ id: _id, boardId: _b, sectionId, ...rest }) => ({
        ...rest,
        boardId: copy.id,
        sectionId: sectionId === null ? null : (sectionIdMap.get(sectionId) ?? null),
        isBookmarked: 0,
        locked: 0,
        createdAt: now,
      }));
      await tx.insert(cards).values(rows);
    }
    return copy.id;
  },
};
