import { eq, inArray, sql } from 'drizzle-orm';
import { isPostgres } from '../postgres';
import {
  boardChanges,
  boardContentVersions,
  boardInvitations,
  boardMembers,
  boards,
  loginFailures,
  ownImages,
  users,
} from '../schema';
import type { RepoDb } from './boards.repo';
import type { OwnImageRow } from './own-images.repo';

/**
 * What "download my data" and "delete my account" read and remove beyond the rows that go with the user's row by
 * foreign key (boards and their sections, cards, bookmarks, trash; sessions, mailed links, queries, feedback,
 * memberships, own image rows).
 */
export const accountRemovalRepo = {
  async ownedBoardIds(db: RepoDb, userId: number): Promise<number[]> {
    const rows = await db.select({ id: boards.id }).from(boards).where(eq(boards.userId, userId));
    return rows.map((r) => r.id);
  },
  /** Boards the user is an editor or viewer of (someone else's). */
  async memberBoardIds(db: RepoDb, userId: number): Promise<number[]> {
    const rows = await db
      .select({ id: boardMembers.boardId })
      .from(boardMembers)
      .where(eq(boardMembers.userId, userId));
    return rows.map((r) => r.id);
  },
  /** The user's own uploaded images, oldest first. */
  async ownImagesOf(db: RepoDb, userId: number): Promise<OwnImageRow[]> {
    return db.select().from(ownImages).where(eq(ownImages.userId, userId)).orderBy(ownImages.id);
  },
  /** The stored files (by sha-256) of these images that no other user's row keeps. */
  async shasNoOneKeeps(db: RepoDb, shas: string[]): Promise<Set<string>> {
    if (shas.length === 0) return new Set();
    const kept = await db.select({ sha: ownImages.sha256 }).from(ownImages).where(inArray(ownImages.sha256, shas));
    const keptShas = new Set(kept.map((r) => r.sha));
    return new Set(shas.filter((sha) => !keptShas.has(sha)));
  },
  /**
   * The boards' change history and version rows: they hold the cards' words as they were, and nothing reads them
   * once the board is gone (they have no foreign key, so the board's deletion does not take them).
   */
  async deleteBoardHistory(db: RepoDb, boardIds: number[]): Promise<void> {
    if (boardIds.length === 0) return;
    await db.delete(boardChanges).where(inArray(boardChanges.boardId, boardIds));
    await db.delete(boardContentVersions).where(inArray(boardContentVersions.boardId, boardIds));
  },
  /**
   * The user's name on changes they made to other people's boards (each change names its author for the screens
   * that hear it): the change stays, so the board's history has no gap, but says no longer who made it.
   */
  async forgetAuthorship(db: RepoDb, userId: number): Promise<void> {
    const withoutAuthor = isPostgres(db)
      ? sql`(${boardChanges.change}::jsonb - 'author')::text`
      : sql`json_remove(${boardChanges.change}, '$.author')`;
    await db.update(boardChanges).set({ change: withoutAuthor }).where(eq(boardChanges.userId, userId));
  },
  /** Pending invitations by email to this address, on anyone's board: they name the person. */
  async deleteInvitationsTo(db: RepoDb, email: string): Promise<void> {
    await db.delete(boardInvitations).where(eq(boardInvitations.email, email.toLowerCase()));
  },
  /** Throttle counters keyed by the person's address or account id. */
  async deleteLimitKeys(db: RepoDb, keys: string[]): Promise<void> {
    if (keys.length > 0) await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
  },
  /** The user's row: everything with a foreign key to it goes too. */
  async deleteUser(db: RepoDb, userId: number): Promise<boolean> {
    const gone = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return gone.length > 0;
  },
};
