import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { boardContentVersions, boards, cards, sections, users } from '../schema';
import type { RepoDb } from './boards.repo';
import { first } from '../dialect';
import { lockingRows } from '../transaction';

/**
 * The stored free-plan lock (sections.locked, cards.locked). Callers pass board ids they have already checked
 * against the owner, or board ids of a user whose plan is changing; nothing here is reachable from a request alone.
 */
export const sectionLocksRepo = {
  /**
   * Locks the board's content until the transaction ends: its row in board_content_versions, the row every insert,
   * update or delete of its sections and cards already locks (the version triggers, ADR 0006). A decision made under
   * it sees every section written before it and none written during it; a writer that came first has committed.
   */
  async lockBoardContent(db: RepoDb, boardId: number): Promise<void> {
    await lockingRows(
      db,
      db
        .select({ version: boardContentVersions.version })
        .from(boardContentVersions)
        .where(eq(boardContentVersions.boardId, boardId))
        .limit(1),
      'no key update',
    );
  },
  /** The board's title and its owner's plan: what a lock decision needs. */
  async boardForDecision(db: RepoDb, boardId: number): Promise<{ title: string; planId: number } | undefined> {
    return db
      .select({ title: boards.title, planId: users.planId })
      .from(boards)
      .innerJoin(users, eq(users.id, boards.userId))
      .where(eq(boards.id, boardId))
      .limit(1)
      .then(first);
  },
  /** Sections whose lock is not decided yet, oldest first, and how many on the board are decided. */
  async undecided(
    db: RepoDb,
    boardId: number,
  ): Promise<{ undecided: { id: number; title: string }[]; decidedCount: number }> {
    const rows = await db
      .select({ id: sections.id, title: sections.title, locked: sections.locked })
      .from(sections)
      .where(eq(sections.boardId, boardId))
      .orderBy(asc(sections.id));
    return {
      undecided: rows.filter((r) => r.locked === null).map(({ id, title }) => ({ id, title })),
      decidedCount: rows.filter((r) => r.locked !== null).length,
    };
  },
  /** Stores a decision; the cards already in the locked sections are marked hidden with them. */
  async storeDecision(db: RepoDb, lockedIds: number[], openIds: number[]) {
    if (openIds.length > 0) await db.update(sections).set({ locked: 0 }).where(inArray(sections.id, openIds));
    if (lockedIds.length === 0) return;
    await db.update(sections).set({ locked: 1 }).where(inArray(sections.id, lockedIds));
    await db
      .update(cards)
      .set({ locked: 1 })
      .where(and(inArray(cards.sectionId, lockedIds), eq(cards.locked, 0)));
  },
  async lockedSectionIds(db: RepoDb, boardId: number): Promise<number[]> {
    return db
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.boardId, boardId), eq(sections.locked, 1)))
      .then((rows) => rows.map((r) => r.id));
  },
  async hiddenCardIds(db: RepoDb, boardId: number): Promise<number[]> {
    return db
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.boardId, boardId), eq(cards.locked, 1)))
      .then((rows) => rows.map((r) => r.id));
  },
  async isCardHidden(db: RepoDb, cardId: number): Promise<boolean> {
    return (
      (await db.select({ locked: cards.locked }).from(cards).where(eq(cards.id, cardId)).limit(1).then(first))
        ?.locked === 1
    );
  },
  /** An upgrade: every lock on the user's boards is lifted, and a later downgrade decides afresh. */
  async clearForUser(db: RepoDb, userId: number) {
    const owned = db.select({ id: boards.id }).from(boards).where(eq(boards.userId, userId));
    // A board laid out while some of its sections were locked left those sections their placeholder's size, with no
    // room for the cards they now show: its first auto-layout is due again (the next screen to open it runs it).
    const hadLocks = db
      .select({ id: sections.boardId })
      .from(sections)
      .where(and(inArray(sections.boardId, owned), eq(sections.locked, 1)));
    await db.update(boards).set({ autoLayoutDone: 0 }).where(inArray(boards.id, hadLocks));
    await db.update(sections).set({ locked: null }).where(inArray(sections.boardId, owned));
    await db
      .update(cards)
      .set({ locked: 0 })
      .where(and(inArray(cards.boardId, owned), eq(cards.locked, 1)));
  },
  /** Boards with undecided sections whose owner is on the free plan (or one user's, when given). */
  async boardsAwaitingDecision(db: RepoDb, freePlanMaxId: number, userId?: number): Promise<number[]> {
    return db
      .select({ id: sections.boardId })
      .from(sections)
      .innerJoin(boards, eq(boards.id, sections.boardId))
      .innerJoin(users, eq(users.id, boards.userId))
      .where(
        and(
          isNull(sections.locked),
          sql`${users.planId} <= ${freePlanMaxId}`,
          userId === undefined ? undefined : eq(boards.userId, userId),
        ),
      )
      .groupBy(sections.boardId)
      .then((rows) => rows.map((r) => r.id));
  },
};
