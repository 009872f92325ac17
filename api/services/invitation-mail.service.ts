import type { PendingInvitation } from '#shared/schemas/board-members';
import { boardsRepo } from '../db/repositories/boards.repo';
import { usersRepo, type UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { sendInBackground } from '../mail/mailer';
import { invitationMail } from '../mail/messages';
import type { Requester } from './account.service';

/**
 * Mails a new invitation by email: the board's name, who invites, and where to go. Someone with an account opens
 * the invitation; someone without lands on sign-up with the address filled in, and comes back to it. The inviter
 * learns nothing from this (the answer they got does not depend on it), and the mail leaves after the answer.
 */
export function mailInvitation(
  deps: AppDeps,
  inviter: UserRow,
  boardId: number,
  invitation: PendingInvitation,
  requester: Requester,
): void {
  const email = invitation.email;
  if (!email) return;
  sendInBackground(
    deps,
    (async () => {
      const reached = await boardsRepo.getReachable(deps.db, inviter.id, boardId);
      if (!reached) return null;
      const invitee = await usersRepo.getByEmail(deps.db, email);
      const invitePath = `/invite/${invitation.code}`;
      const link = invitee
        ? `${requester.origin}${invitePath}`
        : `${requester.origin}/login?mode=signUp&email=${encodeURIComponent(email)}&returnTo=${encodeURIComponent(invitePath)}`;
      const inviterName = inviter.firstName ? `${inviter.firstName} (${inviter.email})` : inviter.email;
      return invitationMail(invitee?.language ?? requester.locale, email, link, {
        boardTitle: reached.board.title,
        inviter: inviterName,
        role: invitation.role === 'editor' ? 'editor' : 'viewer',
      });
    })(),
  );
}
