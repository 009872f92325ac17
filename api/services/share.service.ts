import { withTransaction } from '../db/transaction';
import { UNTITLED_BOARD_TITLE } from '#shared/constants';
import { SHARE_API_MESSAGES } from '#shared/messages/discovery';
import { boardWriterRepo } from '../db/repositories/board-writer.repo';
import { boardsRepo, type RepoDb } from '../db/repositories/boards.repo';
import { shareRepo } from '../db/repositories/share.repo';
import { usersRepo, type UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { decideNewSectionLocks } from './section-lock.service';
import { holdOwnImageRows } from './own-images.service';
import { nextUntitledTitle, slugify } from './boards.service';

/**
 * The copy's title: the shared board's own. A board still called 'Untitled' / 'Untitled N' has no title of its
 * own, so the copy takes the recipient's next 'Untitled N' (spec accounts §3 numbering) rather than a number
 * that may clash with one of theirs.
 */
async function copyTitle(tx: RepoDb, recipientId: number, sourceTitle: string): Promise<string> {
  const untitled = sourceTitle === UNTITLED_BOARD_TITLE || new RegExp(`^${UNTITLED_BOARD_TITLE} \\d{1,9}$`).test(sourceTitle);
  if (!untitled) return sourceTitle;
  return nextUntitledTitle(await boardsRepo.untitledTitlesOwned(tx, recipientId, UNTITLED_BOARD_TITLE));
}

/**
 * Opens a share link for a signed-in user (spec accounts §4 Sharing): the recipient gets their own copy of the
 * board with its sections and cards, written in one transaction; the owner opening their own link gets the
 * original. One recipient gets one copy per link: opening the link again answers the copy already made (until
 * they delete it), recorded in the database (boards.copied_from_share_code). Unsharing clears the code, so old
 * links fail, and sharing again makes a new code. The recipient's row is locked first: two opens at once (two
 * tabs, two instances) make one copy, and the copy's 'Untitled N' is numbered against the boards there now.
 */
export async function openSharedBoard(deps: AppDeps, recipient: UserRow, code: string): Promise<{ boardId: number; copied: boolean }> {
  const source = await shareRepo.findSharedBoard(deps.db, code);
  if (!source) throw new AppError('share_not_found', 404, SHARE_API_MESSAGES.notShared);
  if (source.userId === recipient.id) return { boardId: source.id, copied: false };

  const now = deps.clock.now();
  return await withTransaction(deps.db, async (tx) => {
      await usersRepo.lockById(tx, recipient.id);
      await holdOwnImageRows(tx); // the copy's cards may show the sharer's own images
      const earlier = await shareRepo.copyOwnedBy(tx, recipient.id, code);
      if (earlier) return { boardId: earlier.id, copied: false };
      const title = await copyTitle(tx, recipient.id, source.title);
      // The copy's sections start with no lock (the sharer's is theirs) and are decided for the recipient here.
      const copyId = await boardWriterRepo.copyBoard(tx, source.id, { userId: recipient.id, title, slug: slugify(title), copiedFromShareCode: code }, now);
      await decideNewSectionLocks(tx, copyId);
      return { boardId: copyId, copied: true };
    },
  );
}
