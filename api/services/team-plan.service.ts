import { say } from '#shared/messages/errors';
import { announceBoardNotices, boardNotice } from '../live/board-notices';
import { announceUserNews } from '../live/user-news';
import { membersPerBoardForPlan, UNLIMITED } from '#shared/plans';
import { personName } from '#shared/presence';
import type { TeamImpact } from '#shared/schemas/billing';
import type { UpgradeRequestAnswer } from '#shared/schemas/board-members';
import { decideSectionLocks, isFreePlan } from '#shared/section-lock';
import type { Db } from '../db/client';
import { billingRepo } from '../db/repositories/billing.repo';
import { boardMembersRepo } from '../db/repositories/board-members.repo';
import { boardsRepo, type RepoDb } from '../db/repositories/boards.repo';
import { sectionLocksRepo } from '../db/repositories/section-locks.repo';
import { usersRepo, type UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { badRequest, conflict } from '../errors';
import { sendInBackground } from '../mail/mailer';
import { upgradeRequestMail } from '../mail/messages';
import type { Requester } from './account.service';
import { requireBoardRole } from './board-ops/board-access';
import { reserveLimitedAttempt } from './rate-limit.service';
import { lockedSectionsOfBoard } from './section-lock.service';

/**
 * A board's owner pays for its team: the owner's plan decides the section lock every member sees
 * (board-access.ts). This file is what plan changes know about that team: what a move to another plan costs the
 * people on the owner's boards, a member asking the owner to upgrade, and every open screen of the owner's boards
 * hearing that the lock came or went.
 */

/** How often one member may ask the owner of one board to upgrade. */
export const UPGRADE_ASK_WINDOW_MS = 24 * 60 * 60_000;

/**
 * GET /api/billing/team-impact?planId=: what moving to `planId` would cost the people on the caller's boards. The
 * sections counted are those the free plan's lock would leave locked on the boards that have members: the ones locked
 * already, and the undecided ones as the move decides them (decideSectionLocks: the same hash, nothing stored here).
 */
export async function teamImpact(deps: Pick<AppDeps, 'db'>, user: UserRow, planId: number): Promise<TeamImpact> {
  const plan = await billingRepo.getPlan(deps.db, planId);
  if (!plan) throw badRequest('billing.noSuchPlan', { field: 'planId' });
  const memberships = await boardMembersRepo.ofOwnedBoards(deps.db, user.id);
  const perBoard = new Map<number, number>();
  for (const { boardId } of memberships) perBoard.set(boardId, (perBoard.get(boardId) ?? 0) + 1);
  const limit = membersPerBoardForPlan(plan.id);
  let lockedSections = 0;
  if (isFreePlan(plan.id)) {
    for (const boardId of perBoard.keys()) lockedSections += await lockedOnFree(deps.db, boardId);
  }
  return {
    planId: plan.id,
    members: new Set(memberships.map((m) => m.userId)).size,
    boards: perBoard.size,
    lockedSections,
    overLimitBoards: limit === UNLIMITED ? 0 : [...perBoard.values()].filter((n) => 1 + n > limit).length,
  };
}

/** The sections of a board the free plan locks: those decided locked, and the undecided ones as a move decides them. */
async function lockedOnFree(db: RepoDb, boardId: number): Promise<number> {
  const board = await sectionLocksRepo.boardForDecision(db, boardId);
  if (!board) return 0;
  const { undecided, decidedCount } = await sectionLocksRepo.undecided(db, boardId);
  const decidedLocked = (await sectionLocksRepo.lockedSectionIds(db, boardId)).length;
  return decidedLocked + decideSectionLocks(board.title, undecided, decidedCount).size;
}

/**
 * POST /api/boards/:id/upgrade-request: a member of the board asks its owner to upgrade, because the owner's plan
 * locks sections of it (the member's own plan opens nothing here, and their checkout would not help). The owner gets
 * a mail with a link to their plans, and their open screens of the board a notice. Once a day per member and
 * board (429 with Retry-After past it, counted in the database so it holds across instances); the owner asking, or
 * a board with nothing locked, is a 409; anyone not on the board gets the 404 of a board that does not exist.
 */
export async function askOwnerToUpgrade(
  deps: AppDeps,
  user: UserRow,
  boardId: number,
  requester: Requester,
): Promise<UpgradeRequestAnswer> {
  const { board, role, owner } = await requireBoardRole(deps.db, user, boardId, 'viewer');
  if (role === 'owner') throw conflict('team.upgradeAskOwnBoard');
  const locked = await lockedSectionsOfBoard(deps.db, owner, boardId);
  if (locked.size === 0) throw conflict('team.upgradeAskNothingLocked');
  await reserveLimitedAttempt(
    deps,
    [{ key: `upgrade-ask:${boardId}:${user.id}`, max: 1, windowMs: UPGRADE_ASK_WINDOW_MS }],
    say('team.tooManyUpgradeAsks'),
  );
  const ownerRow = (await usersRepo.getById(deps.db, owner.id))!;
  const member = personName(user);
  if (ownerRow.email) {
    const memberLine = user.firstName ? `${member} (${user.email})` : user.email;
    sendInBackground(
      deps,
      upgradeRequestMail(ownerRow.language ?? requester.locale, ownerRow.email, `${requester.origin}/billing`, {
        member: memberLine,
        boardTitle: board.title,
        lockedSections: locked.size,
      }),
    );
  }
  await announceUserNews(deps, deps.db, [owner.id], {
    news: 'upgradeAsked',
    boardId,
    boardTitle: board.title,
    name: member,
  });
  return { sent: true, ownerName: ownerRow.firstName?.trim() || null };
}

/**
 * Tells every open screen of the user's boards that the owner's plan now locks sections, or no longer does, from
 * inside the transaction that changes the plan (PostgreSQL: delivered at its commit, the outermost one when it is
 * nested). Answers what the caller delivers on SQLite once its transaction has ended (null on PostgreSQL): a screen
 * that hears it loads the board again, a request that waits for the database's one connection until the commit.
 */
export async function announcePlanChange(
  deps: Pick<AppDeps, 'eventHub'>,
  tx: Db,
  userId: number,
  locksSections: boolean,
): Promise<(() => void) | null> {
  const boards = await boardsRepo.listOwned(tx, userId);
  return announceBoardNotices(
    deps,
    tx,
    boards.map((board) => boardNotice(board.id, { planChange: { locksSections } })),
  );
}
