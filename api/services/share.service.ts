import { say } from '#shared/messages/errors';
import { withTransaction } from '../db/transaction';
import { BOARD_TITLE_MAX } from '#shared/constants';
import { SHARE_COPY_TITLE } from '#shared/messages/discovery';
import { boardWriterRepo } from '../db/repositories/board-writer.repo';
import { shareRepo } from '../db/repositories/share.repo';
import { usersRepo, type UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { isFreePlan } from '#shared/section-lock';
import { decideLocksForCopy } from './section-lock.service';
import { holdOwnImageRows } from './own-images.service';
import { slugify } from './boards.service';
import { requireBoardRole } from './board-ops/board-access';
import type { BoardRow } from '../db/repositories/boards.repo';
import { announceUserNews } from '../live/user-news';

/** A first name as it may stand in a title: control characters and runs of spaces as one space, trimmed. */
function nameForTitle(firstName: string | null | undefined): string {
  return (firstName ?? '').replace(/[\p{Cc}\s]+/gu, ' ').trim();
}

/**
 * The copy's title: the shared board's own, then whose it was ("Match-3 offers (from Anna)"),
 * an 'Untitled' board included. A source title too long for the two together is shortened with an ellipsis, by
 * whole characters, so the copy keeps within BOARD_TITLE_MAX.
 */
export function shareCopyTitle(sourceTitle: string, ownerFirstName: string | null | undefined): string {
  const name = nameForTitle(ownerFirstName);
  const titled = (title: string) => (name ? SHARE_COPY_TITLE.fromOwner(title, name) : SHARE_COPY_TITLE.shared(title));
  const room = BOARD_TITLE_MAX - [...titled('')].length;
  const characters = [...sourceTitle];
  return titled(characters.length <= room ? sourceTitle : `${characters.slice(0, room - 1).join('')}…`);
}

/**
 * Opens a share link for a signed-in user (spec accounts §4 Sharing): the recipient gets their own copy of the
 * board with its sections and cards, written in one transaction; the owner opening their own link gets the
 * original. One recipient keeps one copy per board (boards.copied_from_board_id): opening any link to that board
 * again, after Stop sharing and sharing again too, answers the copy already made, until they delete it. The
 * recipient's row is locked first: two opens at once (two tabs, two instances) make one copy.
 *
 * The copy shows no more than its source: the source's free-plan lock is decided, once, before
 * the copy is made, and the copy carries it; nothing about the copy is decided afresh.
 */
export async function openSharedBoard(
  deps: AppDeps,
  recipient: UserRow,
  code: string,
): Promise<{ boardId: number; copied: boolean }> {
  const source = await shareRepo.findSharedBoard(deps.db, code);
  if (!source) throw new AppError('share_not_found', 404, say('share.notShared'));
  if (source.userId === recipient.id) return { boardId: source.id, copied: false };
  return await copyBoardFor(deps, recipient, source);
}

/**
 * POST /api/boards/:id/copy (team boards): any member, a viewer included, copies the board to their own boards,
 * as a share link's recipient does (one copy per board, the lock decided for the source and carried). A member sees
 * no more than the owner's plan shows, and their copy holds no more than they saw: while the owner is on the free
 * plan, the cards its lock hides are left out of the copy, whatever the member's own plan (a paid member's copy
 * would otherwise show them, titles and images). The owner is answered the board itself.
 */
export async function copyBoardForMember(
  deps: AppDeps,
  user: UserRow,
  boardId: number,
): Promise<{ boardId: number; copied: boolean }> {
  const { board, role } = await requireBoardRole(deps.db, user, boardId, 'viewer');
  if (role === 'owner') return { boardId: board.id, copied: false };
  return await copyBoardFor(deps, user, board, { forMember: true });
}

/** The recipient's copy of `source`, made once: the copy they already have is answered again. */
async function copyBoardFor(
  deps: AppDeps,
  recipient: UserRow,
  source: BoardRow,
  options: { forMember?: boolean } = {},
): Promise<{ boardId: number; copied: boolean }> {
  const now = deps.clock.now();
  return await withTransaction(deps.db, async (tx) => {
    await usersRepo.lockById(tx, recipient.id);
    await holdOwnImageRows(tx); // the copy's cards may show the sharer's own images
    const earlier = await shareRepo.copyOwnedBy(tx, recipient.id, source.id);
    if (earlier) return { boardId: earlier.id, copied: false };
    await decideLocksForCopy(tx, source.id);
    // The owner's plan as of now, read after the source's content is locked: it says whether the lock is in force.
    const owner = await usersRepo.getById(tx, source.userId);
    const title = shareCopyTitle(source.title, owner?.firstName);
    const leaveOutHidden = options.forMember === true && isFreePlan(owner?.planId);
    const copyId = await boardWriterRepo.copyBoard(
      tx,
      source.id,
      { userId: recipient.id, title, slug: slugify(title), copiedFromBoardId: source.id },
      now,
      { leaveOutHidden },
    );
    await announceUserNews(deps, tx, [recipient.id], 'boards');
    return { boardId: copyId, copied: true };
  });
}
