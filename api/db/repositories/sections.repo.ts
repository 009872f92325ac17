import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { isPostgres, pgRows } from '../postgres';
import { lockingRows, sqliteInTransaction } from '../transaction';
import { boards, sections } from '../schema';
import type { RepoDb } from './boards.repo';
import { childIdsOnOwnedBoard } from './board-child-ids';
import { first } from '../dialect';
import { onReachableBoard } from './reachable-boards';

export type SectionRow = typeof sections.$inferSelect;
export type NewSectionRow = Omit<typeof sections.$inferInsert, 'id' | 'boardId'>;
type SectionPatch = Partial<Pick<SectionRow, 'title' | 'color' | 'x' | 'y' | 'width' | 'height'>>;

/** Sections are owned through their board, like cards. */
const isOwnedSection = (db: RepoDb, userId: number, sectionId: number) =>
  and(
    eq(sections.id, sectionId),
    inArray(sections.boardId, db.select({ id: boards.id }).from(boards).where(eq(boards.userId, userId))),
  );

export const sectionsRepo = {
  async listOwnedByBoard(db: RepoDb, userId: number, boardId: number): Promise<SectionRow[]> {
    return db
      .select({ section: sections })
      .from(sections)
      .innerJoin(boards, eq(boards.id, sections.boardId))
      .where(and(eq(sections.boardId, boardId), eq(boards.userId, userId)))
      .orderBy(asc(sections.id))
      .then((rows) => rows.map((r) => r.section));
  },
  /** A section on a board the user owns or is a member of (the caller then checks their role on its board). */
  async getReachable(db: RepoDb, userId: number, sectionId: number): Promise<SectionRow | undefined> {
    return db
      .select()
      .from(sections)
      .where(and(eq(sections.id, sectionId), onReachableBoard(sections.boardId, userId)))
      .limit(1)
      .then(first);
  },
  async getOwned(db: RepoDb, userId: number, sectionId: number): Promise<SectionRow | undefined> {
    return db
      .select()
      .from(sections)
      .where(isOwnedSection(db, userId, sectionId))
      .limit(1)
      .then(first);
  },
  /** The section, its row locked until the transaction ends (cards placed under its lowest card, then it grows). */
  async lockOwned(db: RepoDb, userId: number, sectionId: number): Promise<SectionRow | undefined> {
    return lockingRows(
      db,
      db
        .select()
        .from(sections)
        .where(isOwnedSection(db, userId, sectionId))
        .limit(1),
      'no key update',
    ).then(first);
  },
  /** Inserts sections on a board the caller got from `boardsRepo.getOwned` (the write half of its owner check). */
  async insertOnBoard(db: RepoDb, boardId: number, rows: NewSectionRow[]): Promise<SectionRow[]> {
    if (rows.length === 0) return [];
    return db
      .insert(sections)
      .values(rows.map((row) => ({ ...row, boardId })))
      .returning();
  },

  /** See cardsRepo.lockOnBoard: the board-operations session's reads and writes, by board and id. */
  async getOnBoard(db: RepoDb, boardId: number, sectionId: number): Promise<SectionRow | undefined> {
    return db
      .select()
      .from(sections)
      .where(and(eq(sections.id, sectionId), eq(sections.boardId, boardId)))
      .limit(1)
      .then(first);
  },
  async updateOnBoard(
    db: RepoDb,
    boardId: number,
    sectionId: number,
    patch: SectionPatch,
  ): Promise<SectionRow | undefined> {
    return db
      .update(sections)
      .set(patch)
      .where(and(eq(sections.id, sectionId), eq(sections.boardId, boardId)))
      .returning()
      .then(first);
  },
  /** Deletes the section; its cards stay on the board with no section (ON DELETE SET NULL). */
  async deleteOnBoard(db: RepoDb, boardId: number, sectionId: number): Promise<SectionRow | undefined> {
    return db
      .delete(sections)
      .where(and(eq(sections.id, sectionId), eq(sections.boardId, boardId)))
      .returning()
      .then(first);
  },
  async listOnBoardByIds(db: RepoDb, boardId: number, ids: number[]): Promise<SectionRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(sections)
      .where(and(eq(sections.boardId, boardId), inArray(sections.id, ids)))
      .orderBy(asc(sections.id));
  },
  async listOnBoard(db: RepoDb, boardId: number): Promise<SectionRow[]> {
    return db.select().from(sections).where(eq(sections.boardId, boardId)).orderBy(asc(sections.id));
  },
  /** Ids of the sections on one of the user's boards (see cardsRepo.idsOnBoard). */
  async idsOnBoard(db: Db, userId: number, boardId: number): Promise<Set<number>> {
    return childIdsOnOwnedBoard(db, 'sections', userId, boardId);
  },
  /** Which of these ids are sections of one of the user's boards (a layout.set's check). */
  async idsAmongOnBoard(db: Db, userId: number, boardId: number, ids: number[]): Promise<Set<number>> {
    return childIdsOnOwnedBoard(db, 'sections', userId, boardId, ids);
  },
  /** Places and sizes sections of one board (ids checked against idsOnBoard), in a transaction only; see cardsRepo.positionWriter. */
  boxWriter(
    db: Db,
    boardId: number,
  ): { add(id: number, x: number, y: number, width: number, height: number): void; flush(): Promise<void> } {
    if (isPostgres(db)) {
      const rows: number[][] = [[], [], [], [], []];
      return {
        add: (...values) => values.forEach((v, i) => rows[i].push(v)),
        async flush() {
          if (!rows[0].length) return;
          await pgRows(
            db,
            sql`update sections set x = v.x, y = v.y, width = v.width, height = v.height
                  from unnest(${sql.param(rows[0])}::int[], ${sql.param(rows[1])}::float8[], ${sql.param(rows[2])}::float8[],
                              ${sql.param(rows[3])}::float8[], ${sql.param(rows[4])}::float8[]) as v(id, x, y, width, height)
                 where sections.id = v.id and sections.board_id = ${boardId}`,
          );
        },
      };
    }
    const statement = sqliteInTransaction(db).prepare(
      'update sections set x = ?, y = ?, width = ?, height = ? where id = ? and board_id = ?',
    );
    return {
      add: (id, x, y, width, height) => void statement.run(x, y, width, height, id, boardId),
      flush: async () => {},
    };
  },
};
