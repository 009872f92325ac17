import type { Db } from '../db/client';
import { boardChangesRepo } from '../db/repositories/board-changes.repo';
import type { AppDeps } from '../deps';
import { encodeAnnouncement, type LiveEvent } from './board-event-hub';

/** What a board's streams hear besides its content changes: the board gone, a member's role, presence, a plan. */
export type BoardNotice = Pick<LiveEvent, 'gone' | 'revokedUserId' | 'roleChange' | 'presence' | 'planChange'>;

/** A notice as a live event: it carries no change and moves no version. */
export function boardNotice(boardId: number, notice: BoardNotice): LiveEvent {
  return { boardId, fromVersion: 0, version: 0, forFreePlan: false, change: null, ...notice };
}

/**
 * Announces notices from `db`, a write's transaction or the database itself. PostgreSQL delivers them to every
 * instance at the commit (none if it rolls back); on SQLite this one process hands them over itself, so the answer
 * is what the caller runs once its transaction has ended (null when there is nothing to hand over). Outside a
 * transaction the caller runs it at once.
 */
export async function announceBoardNotices(
  deps: Pick<AppDeps, 'eventHub'>,
  db: Db,
  events: readonly LiveEvent[],
): Promise<(() => void) | null> {
  const local: LiveEvent[] = [];
  for (const event of events) if (!(await boardChangesRepo.announce(db, encodeAnnouncement(event)))) local.push(event);
  if (local.length === 0) return null;
  return () => local.forEach((event) => deps.eventHub.deliver(event));
}
