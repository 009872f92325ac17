import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../data/failure-text';
import { invitationPreviewQuery } from '../../data/members.queries';

/**
 * The login page's first line when sign-in is on the way to an invitation link (?returnTo=/invite/{code}): which
 * board it is for and who invites (GET /api/invitations/:code/preview), and that signing in or creating an account
 * joins it. A link that no longer works says so here in the server's words, before anyone signs in for nothing.
 */
export function InvitationNote({ code, signUp }: { code: string; signUp: boolean }) {
  const { t } = useTranslation('team');
  const preview = useQuery(invitationPreviewQuery(code));
  if (preview.isPending) return null;
  if (preview.isError)
    return (
      <p role="alert" className="form-error" data-testid="invitation-note">
        {failureText(preview.error, t('invite.errorTitle'))}
      </p>
    );
  const { boardTitle, invitedBy } = preview.data;
  return (
    <p role="status" className="invitation-note" data-testid="invitation-note">
      {invitedBy
        ? t('invite.invitedBy', { name: invitedBy, title: boardTitle })
        : t('invite.invitedTo', { title: boardTitle })}{' '}
      {signUp ? t('invite.signUpToJoin') : t('invite.signInToJoin')}
    </p>
  );
}
