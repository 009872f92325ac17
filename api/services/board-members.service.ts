import { say } from '#shared/messages/errors';
import { randomBytes } from 'node:crypto';
import { membersPerBoardForPlan, UNLIMITED } from '#shared/plans';
import type {
  BoardMember,
  BoardMembersAnswer,
  InviteMemberAnswer,
  InviteMemberBody,
  MemberRole,
  PendingInvitation,
} from '#shared/schemas/board-members';
import { boardInvitationsRepo, type BoardInvitationRow } from '../db/repositories/board-invitations.repo';
import { boardMembersRepo } from '../db/repositories/board-members.repo';
import type { RepoDb } from '../db/repositories/boards.repo';
import { usersRepo } from '../db/repositories/users.repo';
import { withTransaction } from '../db/transaction';
import type { AppDeps } from '../deps';
import { AppError, conflict, notFound } from '../errors';
import { forbiddenForRole, requireBoardRole } from './board-ops/board-access';
import { announceAccessEnded, announceRoleChanged } from './board-ops/board-write';
import { cardBookmarksRepo } from '../db/repositories/card-bookmarks.repo';
import type { Viewer } from './section-lock.service';
import { reserveInvitation } from './rate-limit.service';
import { announceUserNews } from '../live/user-news';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'eventHub'>;

/** An invitation's secret: 144 random bits, URL-safe (SECURITY.md: links cannot be guessed), like a share code. */
export function newInvitationCode(): string {
  return randomBytes(18).toString('base64url');
}

export function toPendingInvitation(row: BoardInvitationRow): PendingInvitation {
  return {
    code: row.code,
    email: row.email,
    role: row.role,
    maxUses: row.maxUses,
    uses: row.uses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The plan's members-per-board limit counts people, the owner included (shared/plans.ts: Free 1, Basic 3, Light 10,
 * Pro unlimited), and the addresses already invited by email, so accepting them never goes past it. Read with the
 * owner's plan: the board's owner pays for the team.
 */
export async function assertRoomForOneMore(db: RepoDb, boardId: number, ownerPlanId: number): Promise<void> {
  const limit = membersPerBoardForPlan(ownerPlanId);
  if (limit === UNLIMITED) return;
  const people =
    1 + (await boardMembersRepo.count(db, boardId)) + (await boardInvitationsRepo.countPendingEmails(db, boardId));
  if (people + 1 > limit) throw new AppError('member_limit', 403, say('team.memberLimit', { count: limit }), { limit });
}

/** GET /api/boards/:id/members: every member sees the people; only the owner sees the pending invitations. */
export async function listMembers(
  deps: Pick<AppDeps, 'db'>,
  user: Viewer,
  boardId: number,
): Promise<BoardMembersAnswer> {
  const { board, role } = await requireBoardRole(deps.db, user, boardId, 'viewer');
  const owner = (await usersRepo.getById(deps.db, board.userId))!;
  const members: BoardMember[] = [
    { userId: owner.id, email: owner.email, name: owner.firstName, role: 'owner' },
    ...(await boardMembersRepo.listWithUsers(deps.db, boardId)).map((m) => ({
      userId: m.userId,
      email: m.email,
      name: m.firstName,
      role: m.role,
    })),
  ];
  const invitations =
    role === 'owner' ? (await boardInvitationsRepo.listForBoard(deps.db, boardId)).map(toPendingInvitation) : [];
  return { members, invitations };
}

/**
 * POST /api/boards/:id/members (the owner only): the address gets a pending invitation, whatever it is. Nobody is
 * added without asking: the person sees it in their Invitations list and joins only by accepting it. The answer is
 * the same whether or not the address has an account (201 for a new invitation, 200 when asking again sets its
 * role), so adding by email never tells who has one. Throttled per owner (LOOT_INVITATIONS_PER_HOUR, every
 * instance). Someone already on the board is the owner's to see in the members list: 409, their role unchanged.
 */
export async function inviteMember(
  deps: Deps & Pick<AppDeps, 'config'>,
  user: Viewer,
  boardId: number,
  body: InviteMemberBody,
): Promise<{ status: 201 | 200; answer: InviteMemberAnswer }> {
  const { owner } = await requireBoardRole(deps.db, user, boardId, 'owner');
  await reserveInvitation(deps, owner.id);
  return await withTransaction(deps.db, async (tx): Promise<{ status: 201 | 200; answer: InviteMemberAnswer }> => {
    // One invitation at a time per owner, so two at once cannot both fit under the limit.
    await usersRepo.lockById(tx, owner.id);
    const email = body.email.toLowerCase();
    const ownerRow = await usersRepo.getById(tx, owner.id);
    if (ownerRow?.email.toLowerCase() === email) throw conflict('team.ownerIsNotMember');
    const members = await boardMembersRepo.listWithUsers(tx, boardId);
    if (members.some((m) => m.email.toLowerCase() === email)) throw conflict('team.alreadyMember');
    const pending = await boardInvitationsRepo.getForEmail(tx, boardId, email);
    if (pending)
      return {
        status: 200,
        answer: {
          status: 'invited',
          invitation: toPendingInvitation(await boardInvitationsRepo.setRole(tx, pending.id, body.role)),
        },
      };
    await assertRoomForOneMore(tx, boardId, owner.planId);
    // Someone with an account sees the invitation in their list at once, on every screen of theirs.
    const invitee = await usersRepo.getByEmail(tx, email);
    if (invitee) await announceUserNews(deps, tx, [invitee.id], 'boards');
    const row = await boardInvitationsRepo.create(tx, {
      code: newInvitationCode(),
      boardId,
      role: body.role,
      email,
      maxUses: 1,
      expiresAt: null,
      createdAt: deps.clock.now(),
    });
    return { status: 201, answer: { status: 'invited', invitation: toPendingInvitation(row) } };
  });
}

/** PATCH /api/boards/:id/members/:userId (the owner only); the member's open screens hear their new role. */
export async function changeMemberRole(
  deps: Deps,
  user: Viewer,
  boardId: number,
  memberId: number,
  role: MemberRole,
): Promise<BoardMember> {
  const { board } = await requireBoardRole(deps.db, user, boardId, 'owner');
  if (memberId === board.userId) throw conflict('team.ownerRoleFixed');
  let tellScreens: (() => void) | null = null;
  const member = await withTransaction(deps.db, async (tx) => {
    const row = await boardMembersRepo.setRole(tx, boardId, memberId, role);
    const person = row && (await usersRepo.getById(tx, memberId));
    if (!row || !person) throw notFound('member');
    tellScreens = await announceRoleChanged(deps, tx, boardId, memberId, row.role);
    await announceUserNews(deps, tx, [memberId], 'boards');
    return { userId: person.id, email: person.email, name: person.firstName, role: row.role };
  });
  (tellScreens as (() => void) | null)?.();
  return member;
}

/**
 * DELETE /api/boards/:id/members/:userId: the owner removes anyone; a member removes only themself (leaves). The
 * removed member loses the board at once: their next request is a 404 and their open streams of it close (the
 * announcement reaches every instance on PostgreSQL), and their bookmarks of its cards are deleted.
 */
export async function removeMember(
  deps: Deps,
  user: Viewer,
  boardId: number,
  memberId: number,
): Promise<{ success: true; userId: number }> {
  const { board, role } = await requireBoardRole(deps.db, user, boardId, 'viewer');
  if (role !== 'owner' && memberId !== user.id) throw forbiddenForRole('owner');
  if (memberId === board.userId) throw conflict('team.ownerCannotLeave');
  let tellScreens: (() => void) | null = null;
  await withTransaction(deps.db, async (tx) => {
    if (!(await boardMembersRepo.remove(tx, boardId, memberId))) throw notFound('member');
    // Their own bookmarks of its cards go with the board.
    await cardBookmarksRepo.deleteOnBoard(tx, memberId, boardId);
    tellScreens = await announceAccessEnded(deps, tx, boardId, memberId);
    // The board leaves the member's list, and the owner's list counts one member fewer.
    await announceUserNews(deps, tx, [memberId, board.userId], 'boards');
  });
  (tellScreens as (() => void) | null)?.();
  return { success: true, userId: memberId };
}
