import type { BoardChange, OpsResult } from '#shared/schemas/board-ops';
import { isFreePlan } from '#shared/section-lock';
import { boardChangesRepo } from '../../db/repositories/board-changes.repo';
import { cardBookmarksRepo } from '../../db/repositories/card-bookmarks.repo';
import { cardsRepo, type CardRow } from '../../db/repositories/cards.repo';
import { withTransaction } from '../../db/transaction';
import { notFound } from '../../errors';
import type { Viewer } from '../section-lock.service';
import { requireBoardRole } from './board-access';
import type { OpsDeps } from './board-write';
import { toCompactRow } from './change-set';

/**
 * Bookmarks are per person: anyone who may see the board (a viewer too) sets their own, and nothing of
 * the board changes: its content version stays, nothing is logged or sent to the other screens. The ops door sends
 * a batch of only `card.bookmark` ops here (so does PATCH /api/cards/:id/bookmark). Its answer is a change at the
 * board's current version (a screen that holds the board skips it: its own flip is already there) whose rows say
 * the sender's bookmarks. All or nothing: a card not on the board (or hidden by the owner's free plan) is a 404.
 */
export async function setOwnBookmarks(
  deps: OpsDeps,
  user: Viewer,
  boardId: number,
  ops: readonly { id: number; value?: boolean }[],
  batchId: string | null,
): Promise<OpsResult & { rows: { row: CardRow; bookmarked: boolean }[] }> {
  return withTransaction(deps.db, async (tx) => {
    const { owner } = await requireBoardRole(tx, user, boardId, 'viewer', { hold: true });
    const now = deps.clock.now();
    const states = new Map<number, { row: CardRow; bookmarked: boolean }>();
    for (const op of ops) {
      const row = (await cardsRepo.listOnBoardByIds(tx, boardId, [op.id]))[0];
      if (!row || (row.locked === 1 && isFreePlan(owner.planId))) throw notFound('card');
      states.set(op.id, { row, bookmarked: await cardBookmarksRepo.set(tx, user.id, op.id, op.value, now) });
    }
    const version = await boardChangesRepo.version(tx, boardId);
    const rows = [...states.values()];
    const change: BoardChange = {
      boardId,
      fromVersion: version,
      version,
      batchId,
      cards: rows.map(({ row, bookmarked }) => toCompactRow(row, bookmarked)),
      removedCardIds: [],
      sections: [],
      removedSectionIds: [],
      board: null,
      reload: false,
    };
    return { change, refs: {}, rows };
  });
}
