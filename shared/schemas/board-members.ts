import { z } from 'zod';
import { emailField } from './auth';
import { positiveId } from './common';

/**
 * Team boards: who works on a board and how. The owner is the board's creator and the one who manages
 * members; an editor changes the board's content through the operations door; a viewer looks, searches the board,
 * exports and copies it.
 *
 * @example
 * const body: InviteMemberBody = { email: 'sam@studio.example', role: 'viewer' };
 */
export const memberRole = z.enum(['editor', 'viewer']);
export type MemberRole = z.infer<typeof memberRole>;

export const boardRole = z.enum(['owner', 'editor', 'viewer']);
export type BoardRole = z.infer<typeof boardRole>;

/** How much each role may do: a route that needs `editor` accepts an editor and the owner. */
export const BOARD_ROLE_RANK: Record<BoardRole, number> = { viewer: 1, editor: 2, owner: 3 };

/** True when `role` may do what `needed` may. */
export const roleAtLeast = (role: BoardRole, needed: BoardRole): boolean =>
  BOARD_ROLE_RANK[role] >= BOARD_ROLE_RANK[needed];

/**
 * POST /api/boards/:id/members: the address gets a pending invitation, whether or not it has an account; the
 * person joins only by accepting it (GET /api/invitations lists theirs).
 */
export const inviteMemberBody = z.object({ email: emailField, role: memberRole }).strict();
export type InviteMemberBody = z.infer<typeof inviteMemberBody>;

/** The path of a member's routes: /api/boards/:id/members/:userId. */
export const memberParam = z.object({ id: positiveId, userId: positiveId });

/** An invitation's code in a path: the URL-safe alphabet newInvitationCode writes, nothing else. */
export const invitationCode = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be an invitation code');
export const invitationParam = z.object({ id: positiveId, code: invitationCode });
export const acceptInvitationParam = z.object({ code: invitationCode });

/** PATCH /api/boards/:id/members/:userId. */
export const memberRoleBody = z.object({ role: memberRole }).strict();

/** The most days an invitation link may live, and its default (7 days). */
export const INVITATION_DAYS_DEFAULT = 7;
export const INVITATION_DAYS_MAX = 90;
export const INVITATION_USES_MAX = 1_000;

/** POST /api/boards/:id/invitations: a link anyone signed in may accept, within its uses and days. */
export const createInvitationBody = z
  .object({
    role: memberRole,
    maxUses: z.number().int().min(1).max(INVITATION_USES_MAX).optional(),
    expiresInDays: z.number().int().min(1).max(INVITATION_DAYS_MAX).optional(),
  })
  .strict();
export type CreateInvitationBody = z.infer<typeof createInvitationBody>;

/** The answer of POST /api/boards/:id/invitations: the code and the link that carries it. */
export const invitationLink = z.object({ code: z.string(), url: z.string() });
export type InvitationLink = z.infer<typeof invitationLink>;

export const boardMember = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: boardRole,
});
export type BoardMember = z.infer<typeof boardMember>;

/**
 * A pending invitation as the owner sees it: by email (`email` set) or a link (`email` null, with its uses and
 * expiry). `code` is what DELETE /api/boards/:id/invitations/:code revokes.
 */
export const pendingInvitation = z.object({
  code: z.string(),
  email: z.string().nullable(),
  role: memberRole,
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;

/**
 * GET /api/boards/:id/members: the owner first, then members by when they joined, and the pending invitations
 * (the owner sees them all; a member sees the people only, `invitations` empty: codes are the owner's to share).
 */
export const boardMembersAnswer = z.object({ members: z.array(boardMember), invitations: z.array(pendingInvitation) });
export type BoardMembersAnswer = z.infer<typeof boardMembersAnswer>;

/**
 * POST /api/boards/:id/members: always the pending invitation, the same shape for every address (SECURITY.md:
 * invitations ask, and tell no one who has an account): nobody joins until they accept.
 */
export const inviteMemberAnswer = z.object({ status: z.literal('invited'), invitation: pendingInvitation });
export type InviteMemberAnswer = z.infer<typeof inviteMemberAnswer>;

/** One of the signed-in person's pending invitations by email, as their Invitations list shows it. */
export const myInvitation = z.object({
  code: z.string(),
  boardId: z.number().int(),
  boardTitle: z.string(),
  role: memberRole,
  /** The board's owner, who invites. */
  invitedBy: z.object({ email: z.string(), name: z.string().nullable() }),
  createdAt: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitation>;

/** GET /api/invitations: the signed-in person's pending invitations by email, oldest first. */
export const myInvitationsAnswer = z.object({ invitations: z.array(myInvitation) });
export type MyInvitationsAnswer = z.infer<typeof myInvitationsAnswer>;

/**
 * POST /api/invitations/:code/accept (and /decline answers `{ success: true }`): the board joined, named with who
 * invited (its owner's first name; null when they gave none), so the page can say so.
 */
export const acceptInvitationAnswer = z.object({
  boardId: z.number().int(),
  boardTitle: z.string(),
  invitedBy: z.string().nullable(),
});
export type AcceptInvitationAnswer = z.infer<typeof acceptInvitationAnswer>;

/**
 * GET /api/invitations/:code/preview, for anyone holding a link that still works: the board's title and the first
 * name of who invites (null when they gave none), and nothing else, so sign-in can say what the link is for.
 */
export const invitationPreview = z.object({ boardTitle: z.string(), invitedBy: z.string().nullable() });
export type InvitationPreview = z.infer<typeof invitationPreview>;

/**
 * POST /api/boards/:id/upgrade-request: a member asks the board's owner to upgrade, since the owner's plan locks
 * sections of the board; the body is empty. The answer says whom it went to (their first name, or null).
 */
export const upgradeRequestBody = z.object({}).strict();
export const upgradeRequestAnswer = z.object({ sent: z.literal(true), ownerName: z.string().nullable() });
export type UpgradeRequestAnswer = z.infer<typeof upgradeRequestAnswer>;
