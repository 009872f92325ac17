import { and, asc, count, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { changedRows, lockingRows } from '../transaction';
import type { MemberRole } from '#shared/schemas/board-members';
import { boardMembers, boards, users } from '../schema';
import { first, only } from '../dialect';

export type BoardRow = typeof boards.$inferSelect;
type NewBoard = Omit<typeof boards.$inferInsert, 'id' | 'userId'>;
/** The database or the `tx` of `withTransaction(db, async (tx) => ...)`: both run the same queries. */
export type RepoDb = Db;
export type BoardPatch = Partial<Pick<BoardRow, 'title' | 'slug' | 'isShared' | 'updatedAt' | 'autoLayoutDone'>> & {
  shareCode?: string | null | SQL;
};

/** A share code for an update: the board's own when it has one, else `code` (decided by the UPDATE itself). */
export const keptShareCodeOr = (code: string): SQL => sql`coalesce(${boards.shareCode}, ${code})`;

/** Boards, always reached through their owner: every function takes the user id (ARCHITECTURE: ownership). */
/** A board as one user reaches it: the row, their member role (null for the owner), the owner's plan. */
export type ReachedBoard = {
  board: BoardRow;
  memberRole: MemberRole | null;
  memberJoinedVersion: number | null;
  ownerPlanId: number;
};

/**
 * A board the user owns or is a member of, with the role and the owner's plan read by subqueries, so a
 * held read locks the board row only, never the owner's user row (ADR 0008's order: user rows before board rows).
 */
const reachable = (db: RepoDb, userId: number, boardId: number) =>
  db
    .select({
      board: boards,
      // Spelled out: drizzle leaves a selected field's columns unqualified, and "id" inside would be the subquery's own.
      memberRole: sql<MemberRole | null>`(select m.role from board_members m where m.board_id = "boards"."id" and m.user_id = ${userId})`,
      memberJoinedVersion: sql<
        number | null
      >`(select m.joined_version from board_members m where m.board_id = "boards"."id" and m.user_id = ${userId})`,
      ownerPlanId: sql<number>`(select u.plan_id from users u where u.id = "boards"."user_id")`.mapWith(Number),
    })
    .from(boards)
    .where(
      and(
        eq(boards.id, boardId),
        or(
          eq(boards.userId, userId),
          sql`exists (select 1 from ${boardMembers} where ${boardMembers.boardId} = ${boards.id} and ${boardMembers.userId} = ${userId})`,
        ),
      ),
    )
    .limit(1);

export type SharedBoardRow = { board: BoardRow; role: MemberRole; ownerEmail: string; ownerName: string | null };

export const boardsRepo = {
  /** A board the user owns or is a member of; undefined for anyone else (board-access.ts decides what they may do). */
  async getReachable(db: RepoDb, userId: number, boardId: number): Promise<ReachedBoard | undefined> {
    return reachable(db, userId, boardId).then(first);
  },
  /** getReachable for a write that adds to the board: the board row held until the transaction ends (holdOwned). */
  async holdReachable(db: RepoDb, userId: number, boardId: number): Promise<ReachedBoard | undefined> {
    return lockingRows(db, reachable(db, userId, boardId), 'key share').then(first);
  },
  /** The board's owner and their plan (an invitation link's member limit is theirs); undefined for no such board. */
  async ownerOf(db: RepoDb, boardId: number): Promise<{ userId: number; planId: number } | undefined> {
    return db
      .select({ userId: users.id, planId: users.planId })
      .from(boards)
      .innerJoin(users, eq(users.id, boards.userId))
      .where(eq(boards.id, boardId))
      .limit(1)
      .then(first);
  },
  /** The boards others share with the user, oldest membership first, with the owner's name and email. */
  async listShared(db: RepoDb, userId: number): Promise<SharedBoardRow[]> {
    return db
      .select({ board: boards, role: boardMembers.role, ownerEmail: users.email, ownerName: users.firstName })
      .from(boardMembers)
      .innerJoin(boards, eq(boards.id, boardMembers.boardId))
      .innerJoin(users, eq(users.id, boards.userId))
      .where(eq(boardMembers.userId, userId))
      .orderBy(asc(boardMembers.id));
  },
  async listOwned(db: RepoDb, userId: number): Promise<BoardRow[]> {
    return db.select().from(boards).where(eq(boards.userId, userId)).orderBy(asc(boards.id));
  },
  async getOwned(db: RepoDb, userId: number, boardId: number): Promise<BoardRow | undefined> {
    return db
      .select()
      .from(boards)
      .where(and(eq(boards.id, boardId), eq(boards.userId, userId)))
      .limit(1)
      .then(first);
  },
  /**
   * The board, held until the transaction ends for a write that adds to it (a card, a section, a query): a delete,
   * which locks the row (lockOwned), waits for that write or goes first, so the write finds the board or a clear
   * 404, never a foreign-key failure halfway.
   */
  async holdOwned(db: RepoDb, userId: number, boardId: number): Promise<BoardRow | undefined> {
    return lockingRows(
      db,
      db
        .select()
        .from(boards)
        .where(and(eq(boards.id, boardId), eq(boards.userId, userId)))
        .limit(1),
      'key share',
    ).then(first);
  },
  /** The board, its row locked until the transaction ends (a delete: no card joins it meanwhile). */
  async lockOwned(db: RepoDb, userId: number, boardId: number): Promise<BoardRow | undefined> {
    return lockingRows(
      db,
      db
        .select()
        .from(boards)
        .where(and(eq(boards.id, boardId), eq(boards.userId, userId)))
        .limit(1),
    ).then(first);
  },
  async countOwned(db: RepoDb, userId: number): Promise<number> {
    return (await db.select({ n: count() }).from(boards).where(eq(boards.userId, userId)).limit(1).then(first))?.n ?? 0;
  },
  /** Titles of the user's boards that may take part in 'Untitled N' numbering. */
  async untitledTitlesOwned(db: RepoDb, userId: number, base: string): Promise<string[]> {
    const rows = await db
      .select({ title: boards.title })
      .from(boards)
      .where(and(eq(boards.userId, userId), or(eq(boards.title, base), like(boards.title, `${base} %`))));
    return rows.map((r) => r.title);
  },
  async create(db: RepoDb, userId: number, board: NewBoard): Promise<BoardRow> {
    return db
      .insert(boards)
      .values({ ...board, userId })
      .returning()
      .then(only);
  },
  async updateOwned(db: RepoDb, userId: number, boardId: number, patch: BoardPatch): Promise<BoardRow | undefined> {
    return db
      .update(boards)
      .set(patch)
      .where(and(eq(boards.id, boardId), eq(boards.userId, userId)))
      .returning()
      .then(first);
  },
  /** Deletes the board; its cards and sections go with it (ON DELETE CASCADE). True when a row was deleted. */
  async deleteOwned(db: RepoDb, userId: number, boardId: number): Promise<boolean> {
    return changedRows(await db.delete(boards).where(and(eq(boards.id, boardId), eq(boards.userId, userId)))) > 0;
  },
};
