import { and, asc, eq, sql } from 'drizzle-orm';
import type { MemberRole } from '#shared/schemas/board-members';
import { boardInvitations, boards, users } from '../schema';
import { changedRows, lockingRows } from '../transaction';
import { first, only } from '../dialect';
import type { RepoDb } from './boards.repo';

export type BoardInvitationRow = typeof boardInvitations.$inferSelect;
type NewInvitation = {
  code: string;
  boardId: number;
  role: MemberRole;
  email: string | null;
  maxUses: number | null;
  expiresAt: Date | null;
  createdAt: Date;
};

/**
 * Invitations to boards. The board functions take a board the caller has checked (its owner); the
 * by-code and by-email lookups serve the person accepting, who proves the right by the code or by their address.
 */
export const boardInvitationsRepo = {
  async listForBoard(db: RepoDb, boardId: number): Promise<BoardInvitationRow[]> {
    return db
      .select()
      .from(boardInvitations)
      .where(eq(boardInvitations.boardId, boardId))
      .orderBy(asc(boardInvitations.id));
  },
  async create(db: RepoDb, invitation: NewInvitation): Promise<BoardInvitationRow> {
    return db.insert(boardInvitations).values(invitation).returning().then(only);
  },
  /** The board's pending invitation of this address (one per address per board). */
  async getForEmail(db: RepoDb, boardId: number, email: string): Promise<BoardInvitationRow | undefined> {
    return db
      .select()
      .from(boardInvitations)
      .where(and(eq(boardInvitations.boardId, boardId), eq(boardInvitations.email, email)))
      .limit(1)
      .then(first);
  },
  async setRole(db: RepoDb, id: number, role: MemberRole): Promise<BoardInvitationRow> {
    return db.update(boardInvitations).set({ role }).where(eq(boardInvitations.id, id)).returning().then(only);
  },
  /** How many addresses wait to join the board (they count toward its plan's member limit). */
  async countPendingEmails(db: RepoDb, boardId: number): Promise<number> {
    const row = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(boardInvitations)
      .where(and(eq(boardInvitations.boardId, boardId), sql`${boardInvitations.email} is not null`))
      .then(first);
    return row?.n ?? 0;
  },
  /** The invitation, its row locked until the transaction ends (two accepts of a one-use link: one wins). */
  async lockByCode(db: RepoDb, code: string): Promise<BoardInvitationRow | undefined> {
    return lockingRows(db, db.select().from(boardInvitations).where(eq(boardInvitations.code, code)).limit(1)).then(
      first,
    );
  },
  /** Email invitations waiting for this address, on every board. */
  async listForEmail(db: RepoDb, email: string): Promise<BoardInvitationRow[]> {
    return db
      .select()
      .from(boardInvitations)
      .where(eq(boardInvitations.email, email))
      .orderBy(asc(boardInvitations.id));
  },
  /**
   * Email invitations waiting for this address, with what the invitee needs to decide: the board's title and who
   * invites (the board's owner). Oldest first.
   */
  async listForEmailWithBoards(db: RepoDb, email: string) {
    return db
      .select({
        code: boardInvitations.code,
        role: boardInvitations.role,
        createdAt: boardInvitations.createdAt,
        boardId: boards.id,
        boardTitle: boards.title,
        ownerEmail: users.email,
        ownerName: users.firstName,
      })
      .from(boardInvitations)
      .innerJoin(boards, eq(boards.id, boardInvitations.boardId))
      .innerJoin(users, eq(users.id, boards.userId))
      .where(eq(boardInvitations.email, email))
      .orderBy(asc(boardInvitations.id));
  },
  /**
   * The invitation of this code with what its link names before anyone joins: the board's title and the first name
   * of its owner, who invites. The caller decides whether the invitation still works.
   */
  async getWithBoard(db: RepoDb, code: string) {
    return db
      .select({
        email: boardInvitations.email,
        expiresAt: boardInvitations.expiresAt,
        maxUses: boardInvitations.maxUses,
        uses: boardInvitations.uses,
        boardTitle: boards.title,
        ownerName: users.firstName,
      })
      .from(boardInvitations)
      .innerJoin(boards, eq(boards.id, boardInvitations.boardId))
      .innerJoin(users, eq(users.id, boards.userId))
      .where(eq(boardInvitations.code, code))
      .limit(1)
      .then(first);
  },
  /** The board's title and its owner's first name, as the person who joined it through an invitation is told. */
  async boardAndInviter(db: RepoDb, boardId: number) {
    return db
      .select({ boardTitle: boards.title, ownerName: users.firstName })
      .from(boards)
      .innerJoin(users, eq(users.id, boards.userId))
      .where(eq(boards.id, boardId))
      .limit(1)
      .then(first);
  },
  /** Deletes this address's email invitation by its code; true when one was deleted (a decline). */
  async deleteForEmail(db: RepoDb, email: string, code: string): Promise<boolean> {
    return (
      changedRows(
        await db
          .delete(boardInvitations)
          .where(and(eq(boardInvitations.email, email), eq(boardInvitations.code, code))),
      ) > 0
    );
  },
  async countUse(db: RepoDb, id: number): Promise<void> {
    await db
      .update(boardInvitations)
      .set({ uses: sql`${boardInvitations.uses} + 1` })
      .where(eq(boardInvitations.id, id));
  },
  async delete(db: RepoDb, id: number): Promise<void> {
    await db.delete(boardInvitations).where(eq(boardInvitations.id, id));
  },
  /** Revokes one of the board's invitations by its code; true when one was deleted. */
  async deleteOnBoard(db: RepoDb, boardId: number, code: string): Promise<boolean> {
    return (
      changedRows(
        await db
          .delete(boardInvitations)
          .where(and(eq(boardInvitations.boardId, boardId), eq(boardInvitations.code, code))),
      ) > 0
    );
  },
};
