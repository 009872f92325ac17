import { say } from '#shared/messages/errors';
import { roleAtLeast, type BoardRole } from '#shared/schemas/board-members';
import { boardsRepo, type BoardRow, type RepoDb } from '../../db/repositories/boards.repo';
import { AppError, notFound } from '../../errors';
import type { Viewer } from '../section-lock.service';

/**
 * What a user may do with a board: send operations to it (an editor), only hear them and read the board (a
 * viewer), or manage it (its owner: members, sharing, deletion).
 */
export type BoardAccess = 'write' | 'listen';

/**
 * A user's standing on a board: the row, their role, and the board's owner as a Viewer. Reads and writes of the
 * board's rows go through `owner` (owner-scoped repositories, and the owner's plan decides the section lock: a free
 * owner's locked sections are locked for every member).
 */
export type BoardGrant = {
  board: BoardRow;
  role: BoardRole;
  owner: Viewer;
  /** The board version this user's history starts at: 0 for the owner, the version a member joined at. */
  historyFrom: number;
};

export const forbiddenForRole = (needed: BoardRole) =>
  new AppError('forbidden', 403, say(needed === 'owner' ? 'team.ownerOnly' : 'team.viewerReadOnly'));

/**
 * THE check of who may do what with a board (ARCHITECTURE: where board changes go; SECURITY: only members hear a
 * board): every board route, the ops door, the live stream, export and image serving call it. Someone with no role
 * on the board gets the same 404 as a board that does not exist; a member whose role is too low gets a 403.
 *
 * `hold` (inside a transaction): the board row is held (FOR KEY SHARE) until it ends, so a concurrent delete goes
 * first or waits, and a write finds its board or answers 404, never a foreign-key failure halfway.
 */
export async function requireBoardRole(
  db: RepoDb,
  user: Viewer,
  boardId: number,
  needed: BoardRole,
  options: { hold?: boolean } = {},
): Promise<BoardGrant> {
  const reached = options.hold
    ? await boardsRepo.holdReachable(db, user.id, boardId)
    : await boardsRepo.getReachable(db, user.id, boardId);
  if (!reached) throw notFound('board');
  const isOwner = reached.board.userId === user.id;
  const role: BoardRole = isOwner ? 'owner' : reached.memberRole!;
  if (!roleAtLeast(role, needed)) throw forbiddenForRole(needed);
  // The session's plan is the freshest for the owner themself; a member sees the owner's plan as stored.
  const owner: Viewer = isOwner ? user : { id: reached.board.userId, planId: reached.ownerPlanId };
  const historyFrom = isOwner ? 0 : Number(reached.memberJoinedVersion ?? 0);
  return { board: reached.board, role, owner, historyFrom };
}

/** The ops door's and the stream's form of requireBoardRole: 'write' needs an editor (held), 'listen' a viewer. */
export async function requireBoardAccess(
  db: RepoDb,
  user: Viewer,
  boardId: number,
  access: BoardAccess,
): Promise<BoardGrant> {
  return access === 'write'
    ? requireBoardRole(db, user, boardId, 'editor', { hold: true })
    : requireBoardRole(db, user, boardId, 'viewer');
}
