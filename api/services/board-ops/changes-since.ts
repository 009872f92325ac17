import type { BoardChange, ChangesAnswer } from '#shared/schemas/board-ops';
import { isFreePlan } from '#shared/section-lock';
import { boardChangesRepo } from '../../db/repositories/board-changes.repo';
import type { AppDeps } from '../../deps';
import type { Viewer } from '../section-lock.service';
import { requireBoardAccess } from './board-access';

/** The most changes one catch-up tells; past it the screen loads the board again (cheaper than replaying). */
export const CATCH_UP_CHANGES_MAX = 200;
/** The most bytes of changes one catch-up tells (a few large batches): past it, a reload. */
export const CATCH_UP_BYTES_MAX = 2 * 1024 * 1024;
/** How long applied batches are kept: for catch-up after a reconnect, and against a retried batch id. */
export const CHANGES_KEEP_MS = 24 * 60 * 60_000;

/**
 * GET /api/boards/:id/changes?since=version: what a screen at `since` missed. Told only when the log proves it
 * whole: each logged change starts where the previous one ended, the first at `since`, the last at the board's
 * version now; any gap (a write that was not logged, a pruned row), a `since` from before the member joined, one filtered for
 * another plan than the viewer's, or too much of it, and the answer is "reload". A change marked `reload` is told
 * like any other.
 */
export async function changesSince(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  boardId: number,
  since: number,
): Promise<ChangesAnswer> {
  const { owner, historyFrom } = await requireBoardAccess(deps.db, viewer, boardId, 'listen');
  const version = await boardChangesRepo.version(deps.db, boardId);
  if (since === version) return { kind: 'changes', version, changes: [] };
  // A member's history starts when they joined: an older version gets the board as it is now, never the changes
  // (deleted text, old titles) made before they were let in.
  if (since > version || since < historyFrom) return { kind: 'reload', version };
  const rows = await boardChangesRepo.since(deps.db, boardId, since, CATCH_UP_CHANGES_MAX + 1);
  // The board shows what its owner's plan lets it show, to every member.
  const free = isFreePlan(owner.planId);
  const changes: BoardChange[] = [];
  let at = since;
  let bytes = 0;
  for (const row of rows) {
    if (row.fromVersion !== at || changes.length === CATCH_UP_CHANGES_MAX || (row.forFreePlan === 1) !== free)
      return { kind: 'reload', version };
    bytes += row.change.length;
    if (bytes > CATCH_UP_BYTES_MAX) return { kind: 'reload', version };
    // A change too large to tell row by row goes as it is (it carries no rows): the screen that made it has its
    // result already and moves on; any other screen loads the board again when it reaches it.
    changes.push(JSON.parse(row.change) as BoardChange);
    at = row.toVersion;
  }
  // Rows are read after the version: a batch committed in between may show up here past `version`; one that ends
  // short of it means a write that was not logged.
  if (at < version) return { kind: 'reload', version };
  return { kind: 'changes', version: at, changes };
}

/** Forgets changes older than CHANGES_KEEP_MS (the server runs it now and then). */
export async function pruneBoardChanges(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  await boardChangesRepo.prune(deps.db, new Date(deps.clock.now().getTime() - CHANGES_KEEP_MS));
}
