import type { Db } from '../db/client';
import { boardChangesRepo } from '../db/repositories/board-changes.repo';
import { boardMembersRepo } from '../db/repositories/board-members.repo';
import type { RepoDb } from '../db/repositories/boards.repo';
import type { AppDeps } from '../deps';
import { requestScreenId } from '../net/request-screen';
import { encodeUserNews, type UserNewsItem } from './board-event-hub';

/**
 * Tells every signed-in screen of these users, on every instance, that their boards list or their account changed,
 * or a member's ask (board-event-hub.ts UserNewsItem): the screen reads it again. `db` is the write's transaction when there is one:
 * PostgreSQL delivers the NOTIFY at its commit (none if it rolls back); SQLite's one process hands it over at once,
 * and a screen's read of it waits for the write's transaction to end (the connection's gate), so it reads what
 * was committed.
 */
export async function announceUserNews(
  deps: Pick<AppDeps, 'eventHub'>,
  db: Db,
  userIds: Iterable<number>,
  news: 'boards' | 'account' | UserNewsItem,
): Promise<void> {
  const item = typeof news === 'string' ? { news } : news;
  const event = { userIds: [...new Set(userIds)], item, screen: requestScreenId() };
  if (event.userIds.length === 0) return;
  if (!(await boardChangesRepo.announce(db, encodeUserNews(event)))) deps.eventHub.deliverUser(event);
}

/** The members of a board (its owner aside): the people whose boards list a change of the board reaches. */
export async function boardMemberIds(db: RepoDb, boardId: number): Promise<number[]> {
  return (await boardMembersRepo.listWithUsers(db, boardId)).map((m) => m.userId);
}
