import type { AcceptInvitationAnswer } from '#shared/schemas/board-members';
import { webI18n } from '../../i18n/i18n';
import { toast } from '../../stores/toast.store';

/**
 * Tells the person who just accepted an invitation (a link on /invite/:code, or the sidebar's Accept) which board
 * they joined and who invited them; without the inviter's name, the board alone.
 */
export function toastJoined(joined: Pick<AcceptInvitationAnswer, 'boardTitle' | 'invitedBy'>): void {
  const title = !joined.boardTitle
    ? webI18n.t('team:invite.joinedBoard')
    : joined.invitedBy
      ? webI18n.t('team:invite.joinedFrom', { title: joined.boardTitle, name: joined.invitedBy })
      : webI18n.t('team:invite.joined', { title: joined.boardTitle });
  toast({ title }, 'success');
}
