import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { MemberRole } from '#shared/schemas/board-members';
import { boardContentVersions, boardMembers, boards, users } from '../schema';
import { changedRows } from '../transaction';
import { first } from '../dialect';
import type { RepoDb } from './boards.repo';

export type BoardMemberRow = typeof boardMembers.$inferSelect;
export type MemberWithUser = { userId: number; email: string; firstName: string | null; role: MemberRole };

/**
 * The members of a board. The caller has checked the board and the caller's role on it
 * (board-access.ts): these functions address rows by board id.
 */
export const boardMembersRepo = {
  async listWithUsers(db: RepoDb, boardId: number): Promise<MemberWithUser[]> {
    return db
      .select({ userId: boardMembers.userId, email: users.email, firstName: users.firstName, role: boardMembers.role })
      .from(boardMembers)
      .innerJoin(users, eq(users.id, boardMembers.userId))
      .where(eq(boardMembers.boardId, boardId))
      .orderBy(asc(boardMembers.id));
  },
  async count(db: RepoDb, boardId: number): Promise<number> {
    return (
      (await db.select({ n: count() }).from(boardMembers).where(eq(boardMembers.boardId, boardId)).then(first))?.n ?? 0
    );
  },
  async get(db: RepoDb, boardId: number, userId: number): Promise<BoardMemberRow | undefined> {
    return db
      .select()
      .from(boardMembers)
      .where(and(eq(boardMembers.boardId, boardId), eq(boardMembers.userId, userId)))
      .limit(1)
      .then(first);
  },
  /**
   * Adds the member; one already there keeps the role they have (an invitation never demotes or promotes) and the
   * version they joined at. A new member's history starts at the board's content version now, read by the insert
   * itself: their changes feed and stream never tell a change from before they joined.
   */
  async addIfAbsent(db: RepoDb, boardId: number, userId: number, role: MemberRole, now: Date): Promise<BoardMemberRow> {
    const joinedVersion = sql<number>`coalesce((select ${boardContentVersions.version} from ${boardContentVersions} where ${boardContentVersions.boardId} = ${boardId}), 0)`;
    await db
      .insert(boardMembers)
      .values({ boardId, userId, role, joinedVersion, createdAt: now })
      .onConflictDoNothing();
    return (await this.get(db, boardId, userId))!;
  },
  async setRole(db: RepoDb, boardId: number, userId: number, role: MemberRole): Promise<BoardMemberRow | undefined> {
    return db
      .update(boardMembers)
      .set({ role })
      .where(and(eq(boardMembers.boardId, boardId), eq(boardMembers.userId, userId)))
      .returning()
      .then(first);
  },
  /** Every membership of the boards `ownerId` owns: which board, which person (plan changes tell what members lose). */
  async ofOwnedBoards(db: RepoDb, ownerId: number): Promise<{ boardId: number; userId: number }[]> {
    return db
      .select({ boardId: boardMembers.boardId, userId: boardMembers.userId })
      .from(boardMembers)
      .innerJoin(boards, eq(boards.id, boardMembers.boardId))
      .where(eq(boards.userId, ownerId))
      .orderBy(asc(boardMembers.boardId), asc(boardMembers.userId));
  },
  /** True when a row was deleted. */
  async remove(db: RepoDb, boardId: number, userId: number): Promise<boolean> {
    return (
      changedRows(
        await db.delete(boardMembers).where(and(eq(boardMembers.boardId, boardId), eq(boardMembers.userId, userId))),
      ) > 0
    );
  },
};
