import { ENTITY_NAMES } from '#shared/messages/board';
import { boardsRepo, type BoardRow, type RepoDb } from '../../db/repositories/boards.repo';
import { notFound } from '../../errors';
import type { Viewer } from '../section-lock.service';

/** What a user may do with a board: send operations to it, or only hear them (team boards' viewers, #29). */
export type BoardAccess = 'write' | 'listen';

/**
 * Who may send or hear a board's operations: one function for the ops route, the writers that add to a board, the
 * live stream and the changes feed (ARCHITECTURE: where board changes go). Today a board is its owner's alone;
 * team boards (#29) extend this with members' roles. Anyone else gets the same 404 as a board that does not exist.
 *
 * For 'write' inside a transaction the board row is held (FOR KEY SHARE) until it ends: a concurrent delete goes
 * first or waits, so the write finds its board or answers 404, never a foreign-key failure halfway.
 */
export async function requireBoardAccess(db: RepoDb, user: Viewer, boardId: number, access: BoardAccess): Promise<BoardRow> {
  const board = access === 'write' ? await boardsRepo.holdOwned(db, user.id, boardId) : await boardsRepo.getOwned(db, user.id, boardId);
  if (!board) throw notFound(ENTITY_NAMES.board);
  return board;
}
