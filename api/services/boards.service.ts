import { withTransaction } from '../db/transaction';
import { randomBytes } from 'node:crypto';
import { BOARD_RESTORE_KEEP_MS, UNTITLED_BOARD_TITLE } from '#shared/constants';
import type {
  Board,
  CreateBoardBody,
  DeleteResult,
  ListedBoard,
  OwnedBoard,
  UpdateBoardBody,
} from '#shared/schemas/board';
import type { Db } from '../db/client';
import { boardTrashRepo, type BoardSnapshot } from '../db/repositories/board-trash.repo';
import {
  boardsRepo,
  keptShareCodeOr,
  type BoardPatch,
  type BoardRow,
  type RepoDb,
} from '../db/repositories/boards.repo';
import { shareRepo } from '../db/repositories/share.repo';
import { usersRepo } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { renameBoard } from './board-ops/board-level-ops';
import { requireBoardRole } from './board-ops/board-access';
import { announceBoardGone, writeBoard } from './board-ops/board-write';
import { hiddenCardCount, type Viewer } from './section-lock.service';
import { announceUserNews, boardMemberIds } from '../live/user-news';

type Owner = { id: number };

/**
 * A board row as a member (editor or viewer) receives it, from every route: no share state. Only its owner learns
 * whether it is shared by link and its share code (toOwnerBoard, toOwnedBoard).
 */
export function toMemberBoard(row: BoardRow): Board {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    autoLayoutDone: row.autoLayoutDone ? 1 : 0,
  };
}

/** A board row as its owner receives it in the list and from restore: with its share state. */
export function toOwnerBoard(row: BoardRow): Board {
  return { ...toMemberBoard(row), isShared: row.isShared ? 1 : 0 };
}

export function toOwnedBoard(row: BoardRow): OwnedBoard {
  return { ...toMemberBoard(row), isShared: row.isShared ? 1 : 0, shareCode: row.shareCode };
}

/** Spec board-workspace §3: the slug is the lowercased title with spaces turned into hyphens. */
export function slugify(title: string): string {
  return title.toLowerCase().replace(/\s+/g, '-');
}

/**
 * Spec accounts §3: a new board without a title gets 'Untitled', then 'Untitled N' with N one above the highest
 * existing number. A plain 'Untitled' counts as number 1, so the second is 'Untitled 2'.
 */
export function nextUntitledTitle(existingTitles: string[], base = UNTITLED_BOARD_TITLE): string {
  let highest = 0;
  const numbered = new RegExp(`^${base} (\\d{1,9})$`);
  for (const title of existingTitles) {
    if (title === base) highest = Math.max(highest, 1);
    const match = numbered.exec(title);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest === 0 ? base : `${base} ${highest + 1}`;
}

/** A share code of 144 random bits, URL-safe (SECURITY.md: share links cannot be guessed). */
function newShareCode(): string {
  return randomBytes(18).toString('base64url');
}

/** GET /api/boards: the user's own boards, then those shared with them, each with the user's role. */
export async function listBoards(deps: Pick<AppDeps, 'db'>, user: Owner): Promise<ListedBoard[]> {
  const own = (await boardsRepo.listOwned(deps.db, user.id)).map((row): ListedBoard => ({
    ...toOwnerBoard(row),
    role: 'owner',
  }));
  const shared = (await boardsRepo.listShared(deps.db, user.id)).map(
    ({ board, role, ownerEmail, ownerName }): ListedBoard => ({
      ...toMemberBoard(board),
      role,
      owner: { email: ownerEmail, name: ownerName },
    }),
  );
  return [...own, ...shared];
}

export async function getOwnedBoard(deps: Pick<AppDeps, 'db'>, user: Owner, boardId: number): Promise<BoardRow> {
  const board = await boardsRepo.getOwned(deps.db, user.id, boardId);
  if (!board) throw notFound('board');
  return board;
}

/**
 * Creates a board. Numbering and insert share one transaction with the owner's row locked, so two quick creates
 * (on any instance) never both pick 'Untitled 3'. Find similar creates boards through here.
 */
export async function createBoard(
  deps: Pick<AppDeps, 'db' | 'clock' | 'eventHub'>,
  user: Owner,
  body: CreateBoardBody = {},
): Promise<OwnedBoard> {
  const requested = body.title?.trim() ?? '';
  return await withTransaction(deps.db, async (tx) => {
    if (!requested) await usersRepo.lockById(tx, user.id);
    const title =
      requested || nextUntitledTitle(await boardsRepo.untitledTitlesOwned(tx, user.id, UNTITLED_BOARD_TITLE));
    const now = deps.clock.now();
    const row = await boardsRepo.create(tx, user.id, { title, slug: slugify(title), createdAt: now, updatedAt: now });
    await announceUserNews(deps, tx, [user.id], 'boards');
    return toOwnedBoard(row);
  });
}

/**
 * Rename and/or share (spec: PATCH {title}; accounts: PATCH {isShared: 1}). Unsharing drops the share code. A
 * rename is a board operation (every open screen of the board hears of it), in the same transaction as
 * the share switch. Sharing keeps the code already there and offers a new one only when there is none (coalesce,
 * one UPDATE), so two "share" clicks at once answer the same code.
 */
export async function updateBoard(
  deps: Pick<AppDeps, 'db' | 'clock' | 'eventHub'>,
  user: Viewer,
  boardId: number,
  body: UpdateBoardBody,
): Promise<OwnedBoard | Board> {
  // Sharing by link is the owner's; a rename is content, an editor's too (the ops door's board.rename).
  const { owner, role } = await requireBoardRole(
    deps.db,
    user,
    boardId,
    body.isShared === undefined ? 'editor' : 'owner',
  );
  const share = async (db: RepoDb) => {
    const patch: BoardPatch = { updatedAt: deps.clock.now() };
    if (body.isShared === 1) Object.assign(patch, { isShared: 1, shareCode: keptShareCodeOr(newShareCode()) });
    if (body.isShared === 0) Object.assign(patch, { isShared: 0, shareCode: null });
    const row = await boardsRepo.updateOwned(db, owner.id, boardId, patch);
    if (!row) throw notFound('board');
    // Everyone on the board lists it with its share state (a rename is told by the write itself, board-write.ts).
    if (body.isShared !== undefined)
      await announceUserNews(deps, db, [owner.id, ...(await boardMemberIds(db, boardId))], 'boards');
    // An editor's rename answers the row without the share code (board rows are shaped per role).
    return role === 'owner' ? toOwnedBoard(row) : toMemberBoard(row);
  };
  const title = body.title;
  if (title === undefined) return await share(deps.db);
  return (
    await writeBoard(deps, user, boardId, async (w) => {
      await renameBoard(w, title);
      return await share(w.tx);
    })
  ).result;
}

/**
 * The board's share-copy state for its owner (isShared and the share code), read without writing: the share dialog
 * shows an existing link this way, so opening it never turns sharing on. A member gets 403, anyone else 404.
 */
export async function getBoardShare(deps: Pick<AppDeps, 'db'>, user: Viewer, boardId: number): Promise<OwnedBoard> {
  const { board } = await requireBoardRole(deps.db, user, boardId, 'owner');
  return toOwnedBoard(board);
}

/**
 * Deletes a board with its cards and sections; a user's last board stays (409). Its rows are kept for
 * BOARD_RESTORE_KEEP_MS so the deletion can be undone. The owner's row is locked first (two deletes at
 * once cannot both see "two boards left"), then the board's (no card can join it between the snapshot and the delete).
 */
export async function deleteBoard(
  deps: Pick<AppDeps, 'db' | 'clock' | 'eventHub'>,
  user: Viewer,
  boardId: number,
): Promise<DeleteResult> {
  let tellScreens: (() => void) | null = null;
  // A member is told it is the owner's to delete (403); anyone else learns nothing (404).
  await requireBoardRole(deps.db, user, boardId, 'owner');
  const result = await withTransaction(deps.db, async (tx) => {
    await usersRepo.lockById(tx, user.id);
    if (!(await boardsRepo.lockOwned(tx, user.id, boardId))) throw notFound('board');
    if ((await boardsRepo.countOwned(tx, user.id)) <= 1) throw conflict('board.lastBoard');
    // The answer counts the cards the user saw on it: a free plan's locked cards are not among them.
    const hidden = await hiddenCardCount(tx, user, boardId);
    const now = deps.clock.now();
    await boardTrashRepo.purgeBefore(tx, new Date(now.getTime() - BOARD_RESTORE_KEEP_MS));
    const snapshot = await boardTrashRepo.snapshot(tx, boardId);
    if (snapshot) await boardTrashRepo.put(tx, user.id, boardId, snapshot, now);
    const members = await boardMemberIds(tx, boardId);
    await boardsRepo.deleteOwned(tx, user.id, boardId);
    await announceUserNews(deps, tx, [user.id, ...members], 'boards');
    // Its open screens (another tab) hear that it is gone.
    tellScreens = await announceBoardGone(deps, tx, boardId);
    return { success: true as const, id: boardId, cards: Math.max(0, (snapshot?.cards.length ?? 0) - hidden) };
  });
  (tellScreens as (() => void) | null)?.();
  return result;
}

/**
 * A deleted share copy whose link made the user a fresh copy meanwhile comes back as an ordinary board: one copy per
 * recipient per board stays the one the link leads to (boards.copied_from_board_id, a column of the raw snapshot).
 */
async function unlinkShareCopyIfReplaced(tx: Db, userId: number, snapshot: BoardSnapshot): Promise<void> {
  const source = snapshot.board.copied_from_board_id;
  if (typeof source === 'number' && (await shareRepo.copyOwnedBy(tx, userId, source)))
    snapshot.board.copied_from_board_id = null;
}

/**
 * Undoes the owner's deletion of a board (POST /api/boards/:id/restore): the board comes back with its id, its
 * sections and its cards (bookmarks included). Anything that is not this user's board deleted in the last
 * BOARD_RESTORE_KEEP_MS is a 404 like an id that never existed: a live board (theirs or anyone's) included, so
 * restore never tells which ids are someone's boards. The snapshot is taken first, for this
 * user only; were its id somehow in use, the transaction puts the snapshot back.
 */
export async function restoreBoard(
  deps: Pick<AppDeps, 'db' | 'clock' | 'eventHub'>,
  user: Owner,
  boardId: number,
): Promise<Board> {
  return await withTransaction(deps.db, async (tx) => {
    await boardTrashRepo.purgeBefore(tx, new Date(deps.clock.now().getTime() - BOARD_RESTORE_KEEP_MS));
    const snapshot = await boardTrashRepo.take(tx, user.id, boardId);
    if (!snapshot || (await boardTrashRepo.boardIdTaken(tx, boardId))) throw notFound('board');
    await unlinkShareCopyIfReplaced(tx, user.id, snapshot);
    await boardTrashRepo.restore(tx, snapshot);
    const row = await boardsRepo.getOwned(tx, user.id, boardId);
    if (!row) throw notFound('board');
    await announceUserNews(deps, tx, [user.id, ...(await boardMemberIds(tx, boardId))], 'boards');
    return toOwnerBoard(row);
  });
}
