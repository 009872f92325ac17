import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { boards, sections } from '../schema';
import type { RepoDb } from './boards.repo';

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
  listOwnedByBoard(db: RepoDb, userId: number, boardId: number): SectionRow[] {
    return db
      .select({ section: sections })
      .from(sections)
      .innerJoin(boards, eq(boards.id, sections.boardId))
      .where(and(eq(sections.boardId, boardId), eq(boards.userId, userId)))
      .orderBy(asc(sections.id))
      .all()
      .map((r) => r.section);
  },
  getOwned(db: RepoDb, userId: number, sectionId: number): SectionRow | undefined {
    return db.select().from(sections).where(isOwnedSection(db, userId, sectionId)).get();
  },
  /** Inserts sections on a board the caller got from `boardsRepo.getOwned` (the write half of its owner check). */
  insertOnBoard(db: RepoDb, boardId: number, rows: NewSectionRow[]): SectionRow[] {
    if (rows.length === 0) return [];
    return db
      .insert(sections)
      .values(rows.map((row) => ({ ...row, boardId })))
      .returning()
      .all();
  },
  updateOwned(db: RepoDb, userId: number, sectionId: number, patch: SectionPatch): SectionRow | undefined {
    return db.update(sections).set(patch).where(isOwnedSection(db, userId, sectionId)).returning().get();
  },
  /** Deletes the section; its cards stay on the board with no section (ON DELETE SET NULL). */
  deleteOwned(db: RepoDb, userId: number, sectionId: number): boolean {
    return db.delete(sections).where(isOwnedSection(db, userId, sectionId)).run().changes > 0;
  },
  /** Ids of the sections on one of the user's boards (see cardsRepo.idsOnBoard). */
  idsOnBoard(db: Db, userId: number, boardId: number): Set<number> {
    const ids = db.$client
      .prepare('select s.id from sections s join boards b on b.id = s.board_id where s.board_id = ? and b.user_id = ?')
      .pluck()
      .all(boardId, userId) as number[];
    return new Set(ids);
  },
  /** Which of these ids are sections of one of the user's boards (one slice of a layout save's check). */
  idsAmongOnBoard(db: Db, userId: number, boardId: number, ids: number[]): Set<number> {
    if (ids.length === 0) return new Set();
    const found = db.$client
      .prepare(
        'select s.id from sections s join boards b on b.id = s.board_id where s.board_id = ? and b.user_id = ? and s.id in (select value from json_each(?))',
      )
      .pluck()
      .all(boardId, userId, JSON.stringify(ids)) as number[];
    return new Set(found);
  },
  /** A prepared statement that places and sizes one section of a board (ids checked against idsOnBoard). */
  prepareBoxWriter(db: Db) {
    const statement = db.$client.prepare(
      'update sections set x = ?, y = ?, width = ?, height = ? where id = ? and board_id = ?',
    );
    return (boardId: number, id: number, x: number, y: number, width: number, height: number) =>
      statement.run(x, y, width, height, id, boardId);
  },
};
