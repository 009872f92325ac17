import { boards, cards, sections } from '../db/schema';
import { shareRepo } from '../db/repositories/share.repo';
import type { UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { decideNewSectionLocks } from './section-lock.service';

/** Wording from the spec's share page ("invalid, expired, or the board is no longer shared"). */
const NOT_SHARED = 'This share link is invalid or the board is no longer shared';

/**
 * Opens a share link for a signed-in user (spec accounts §4 Sharing): the recipient gets their own copy of the
 * board with its sections and cards, written in one transaction; the owner opening their own link gets the
 * original. Unsharing clears the code, so old links fail.
 */
export function openSharedBoard(deps: AppDeps, recipient: UserRow, code: string): { boardId: number; copied: boolean } {
  const source = shareRepo.findSharedBoard(deps.db, code);
  if (!source) throw new AppError('share_not_found', 404, NOT_SHARED);
  if (source.userId === recipient.id) return { boardId: source.id, copied: false };

  const now = deps.clock.now();
  const boardId = deps.db.transaction((tx) => {
    const copy = tx
      .insert(boards)
      .values({ userId: recipient.id, title: source.title, slug: source.slug, isShared: 0, createdAt: now, updatedAt: now })
      .returning({ id: boards.id })
      .get();
    const sectionIdMap = new Map<number, number>();
    for (const section of shareRepo.sectionsOf(deps.db, source.id)) {
      const { id, boardId: _from, ...rest } = section;
      // The sharer's lock is theirs: the copy's is decided for the recipient below.
      const inserted = tx.insert(sections).values({ ...rest, locked: null, boardId: copy.id }).returning({ id: sections.id }).get();
      sectionIdMap.set(id, inserted.id);
    }
    const sourceCards = shareRepo.cardsOf(deps.db, source.id);
    // Chunked multi-row inserts keep a 100,000-card board copy to a few hundred statements.
    const CHUNK = 500;
    for (let i = 0; i < sourceCards.length; i += CHUNK) {
      const rows = sourceCards.slice(i, i + CHUNK).map(({ id: _id, boardId: _b, sectionId, ...rest }) => ({
        ...rest,
        boardId: copy.id,
        sectionId: sectionId === null ? null : (sectionIdMap.get(sectionId) ?? null),
        // Bookmarks are the sharer's; the recipient starts with none.
        isBookmarked: 0,
        locked: 0,
        createdAt: now,
      }));
      tx.insert(cards).values(rows).run();
    }
    decideNewSectionLocks(tx, copy.id);
    return copy.id;
  });
  return { boardId, copied: true };
}
