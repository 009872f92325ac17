import { say } from '#shared/messages/errors';
import {
  INVITATION_DAYS_DEFAULT,
  type AcceptInvitationAnswer,
  type CreateInvitationBody,
  type InvitationLink,
  type InvitationPreview,
  type MyInvitationsAnswer,
} from '#shared/schemas/board-members';
import { boardInvitationsRepo } from '../db/repositories/board-invitations.repo';
import { boardMembersRepo } from '../db/repositories/board-members.repo';
import { boardsRepo } from '../db/repositories/boards.repo';
import { usersRepo, type UserRow } from '../db/repositories/users.repo';
import { withTransaction } from '../db/transaction';
import type { AppDeps } from '../deps';
import { AppError, notFound } from '../errors';
import { requireBoardRole } from './board-ops/board-access';
import { assertRoomForOneMore, newInvitationCode } from './board-members.service';
import { reserveLimitedAttempt } from './rate-limit.service';
import type { Viewer } from './section-lock.service';
import { announceUserNews } from '../live/user-news';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Invitation links one client address may look up in PREVIEW_WINDOW_MS before a 429 (a page opens one or two). */
export const PREVIEWS_PER_CLIENT = 30;
export const PREVIEW_WINDOW_MS = 15 * 60_000;

/** Who invites, as an invitation names them: the owner's first name, never their address. */
const inviterName = (firstName: string | null) => firstName?.trim() || null;

/** Where an invitation link leads: the web's accept page, absolute when the deployment says where it lives. */
function invitationUrl(deps: Pick<AppDeps, 'config'>, code: string): string {
  const path = `/invite/${code}`;
  return deps.config.LOOT_PUBLIC_URL ? new URL(path, deps.config.LOOT_PUBLIC_URL).toString() : path;
}

/** POST /api/boards/:id/invitations (the owner only): a link, for 7 days unless told otherwise, up to maxUses. */
export async function createInvitationLink(
  deps: Deps,
  user: Viewer,
  boardId: number,
  body: CreateInvitationBody,
): Promise<InvitationLink> {
  await requireBoardRole(deps.db, user, boardId, 'owner');
  const now = deps.clock.now();
  const row = await boardInvitationsRepo.create(deps.db, {
    code: newInvitationCode(),
    boardId,
    role: body.role,
    email: null,
    maxUses: body.maxUses ?? null,
    expiresAt: new Date(now.getTime() + (body.expiresInDays ?? INVITATION_DAYS_DEFAULT) * DAY_MS),
    createdAt: now,
  });
  return { code: row.code, url: invitationUrl(deps, row.code) };
}

/** DELETE /api/boards/:id/invitations/:code (the owner only): the link or the pending email invitation stops working. */
export async function revokeInvitation(
  deps: Pick<AppDeps, 'db'>,
  user: Viewer,
  boardId: number,
  code: string,
): Promise<{ success: true }> {
  await requireBoardRole(deps.db, user, boardId, 'owner');
  if (!(await boardInvitationsRepo.deleteOnBoard(deps.db, boardId, code))) throw notFound('invitation');
  return { success: true };
}

/**
 * POST /api/invitations/:code/accept: the signed-in user joins the board with the invitation's role. An email
 * invitation works only for its address (anyone else: the same 404 as a code that never existed). A link works
 * until it expires (410) or has been used maxUses times (410); joining counts toward the owner's plan's member
 * limit. Someone already on the board keeps their role and uses nothing.
 */
export async function acceptInvitation(
  deps: Pick<AppDeps, 'db' | 'clock' | 'eventHub'>,
  user: Pick<UserRow, 'id' | 'email' | 'emailVerifiedAt'>,
  code: string,
): Promise<AcceptInvitationAnswer> {
  const { boardId } = await joinByInvitation(deps, user, code);
  // The person is on the board now: they may know its title and who invited them.
  const named = await boardInvitationsRepo.boardAndInviter(deps.db, boardId);
  return { boardId, boardTitle: named?.boardTitle ?? '', invitedBy: inviterName(named?.ownerName ?? null) };
}

async function joinByInvitation(
  deps: Pick<AppDeps, 'db' | 'clock' | 'eventHub'>,
  user: Pick<UserRow, 'id' | 'email' | 'emailVerifiedAt'>,
  code: string,
): Promise<{ boardId: number }> {
  return await withTransaction(deps.db, async (tx) => {
    const invitation = await boardInvitationsRepo.lockByCode(tx, code);
    if (!invitation || (invitation.email !== null && invitation.email !== user.email.toLowerCase())) {
      throw new AppError('not_found', 404, say('team.invitationNotFound'));
    }
    // An address admits its holder only once proven: whoever registers it first does not get the board.
    if (invitation.email !== null && !user.emailVerifiedAt)
      throw new AppError('email_not_verified', 403, say('account.emailNotVerified'));
    const { boardId } = invitation;
    const reached = await boardsRepo.getReachable(tx, user.id, boardId);
    if (reached) return { boardId };
    if (invitation.expiresAt && invitation.expiresAt.getTime() <= deps.clock.now().getTime()) {
      throw new AppError('invitation_expired', 410, say('team.invitationExpired'));
    }
    if (invitation.maxUses !== null && invitation.uses >= invitation.maxUses)
      throw new AppError('invitation_used_up', 410, say('team.invitationUsedUp'));
    if (invitation.email === null) {
      // The owner's row is locked as inviteMember locks it: two people joining at once cannot both take the last place.
      const owner = (await boardsRepo.ownerOf(tx, boardId))!;
      await usersRepo.lockById(tx, owner.userId);
      await assertRoomForOneMore(tx, boardId, owner.planId);
      await boardInvitationsRepo.countUse(tx, invitation.id);
    } else {
      // An email invitation was counted toward the limit when it was made; it is used up by joining.
      await boardInvitationsRepo.delete(tx, invitation.id);
    }
    await boardMembersRepo.addIfAbsent(tx, boardId, user.id, invitation.role, deps.clock.now());
    // The board joins the new member's list on every screen of theirs; the owner's list counts one member more.
    const owner = await boardsRepo.ownerOf(tx, boardId);
    await announceUserNews(deps, tx, [user.id, ...(owner ? [owner.userId] : [])], 'boards');
    return { boardId };
  });
}

/**
 * GET /api/invitations/:code/preview, signed in or not: what an invitation link is for, before its holder signs in
 * to accept it: the board's title and who invites (their first name), nothing more. Only for an invitation that
 * still works: an unknown or revoked code is a 404, an expired or used-up one a 410, as accepting it would say.
 * Counted per client address first, so codes cannot be tried at speed.
 */
export async function previewInvitation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  code: string,
  clientIp: string,
): Promise<InvitationPreview> {
  await reserveLimitedAttempt(
    deps,
    [{ key: `invitation-preview-ip:${clientIp}`, max: PREVIEWS_PER_CLIENT, windowMs: PREVIEW_WINDOW_MS }],
    say('team.tooManyInvitationLookups'),
  );
  const invitation = await boardInvitationsRepo.getWithBoard(deps.db, code);
  if (!invitation) throw new AppError('not_found', 404, say('team.invitationNotFound'));
  if (invitation.expiresAt && invitation.expiresAt.getTime() <= deps.clock.now().getTime())
    throw new AppError('invitation_expired', 410, say('team.invitationExpired'));
  if (invitation.maxUses !== null && invitation.uses >= invitation.maxUses)
    throw new AppError('invitation_used_up', 410, say('team.invitationUsedUp'));
  return { boardTitle: invitation.boardTitle, invitedBy: inviterName(invitation.ownerName) };
}

/**
 * GET /api/invitations: the invitations by email waiting for the signed-in person's address, each with the board's
 * title and who invites. Nothing of the board is theirs until they accept.
 */
export async function listMyInvitations(
  deps: Pick<AppDeps, 'db'>,
  user: Pick<UserRow, 'email' | 'emailVerifiedAt'>,
): Promise<MyInvitationsAnswer> {
  // An unproven address is found by no invitation (the sidebar asks to confirm it instead).
  if (!user.emailVerifiedAt) return { invitations: [] };
  const rows = await boardInvitationsRepo.listForEmailWithBoards(deps.db, user.email.toLowerCase());
  return {
    invitations: rows.map((row) => ({
      code: row.code,
      boardId: row.boardId,
      boardTitle: row.boardTitle,
      role: row.role,
      invitedBy: { email: row.ownerEmail, name: row.ownerName },
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * POST /api/invitations/:code/decline: the person says no; the invitation is gone (its place under the owner's
 * member limit too). Only an email invitation of their own address: anything else is the same 404 as a code that
 * never existed.
 */
export async function declineInvitation(
  deps: Pick<AppDeps, 'db' | 'eventHub'>,
  user: Pick<UserRow, 'id' | 'email'>,
  code: string,
): Promise<{ success: true }> {
  if (!(await boardInvitationsRepo.deleteForEmail(deps.db, user.email.toLowerCase(), code))) {
    throw new AppError('not_found', 404, say('team.invitationNotFound'));
  }
  await announceUserNews(deps, deps.db, [user.id], 'boards');
  return { success: true };
}
