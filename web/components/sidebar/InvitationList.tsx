import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyInvitation } from '#shared/schemas/board-members';
import { failureText } from '../../data/failure-text';
import { acceptMyInvitation, declineMyInvitation, useMyInvitations } from '../../data/members.queries';
import { toastJoined } from '../share/joined-toast';

/**
 * The sidebar's Invitations (SECURITY.md: invitations ask): the boards someone invited this person to by email,
 * with who invites and the role. Nothing of a board is theirs until they press Accept (a toast then names the
 * board and who invited); Decline removes the invitation. Hidden while there is none, and in the collapsed sidebar.
 */
export function InvitationList({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('team');
  const queryClient = useQueryClient();
  const invitations = useMyInvitations(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const answer = async (invitation: MyInvitation, act: (code: string) => Promise<unknown>) => {
    setBusy(invitation.code);
    setError(null);
    try {
      await act(invitation.code);
    } catch (err) {
      console.error(err);
      setError(failureText(err, t('invitations.failed')));
    } finally {
      setBusy(null);
    }
  };

  const list = invitations.data ?? [];
  if (collapsed || list.length === 0) return null;
  return (
    <section aria-label={t('invitations.heading')} className="invitation-list" data-testid="invitations">
      <h2 className="sidebar-heading">{t('invitations.heading')}</h2>
      <ul>
        {list.map((invitation) => (
          <li key={invitation.code} className="board-item invitation" data-board-id={invitation.boardId}>
            <span className="board-select">
              <span className="board-title">
                {t('invitations.row', { title: invitation.boardTitle, role: t(`people.${invitation.role}`) })}
              </span>
              <span className="board-owner">
                {t('invitations.from', { owner: invitation.invitedBy.name || invitation.invitedBy.email })}
              </span>
            </span>
            <span className="invitation-actions">
              <button
                type="button"
                className="btn primary"
                disabled={busy !== null}
                aria-label={t('invitations.acceptLabel', { title: invitation.boardTitle })}
                onClick={() =>
                  void answer(invitation, async (code) => toastJoined(await acceptMyInvitation(queryClient, code)))
                }
              >
                {t('invitations.accept')}
              </button>
              <button
                type="button"
                className="btn"
                disabled={busy !== null}
                aria-label={t('invitations.declineLabel', { title: invitation.boardTitle })}
                onClick={() => void answer(invitation, (code) => declineMyInvitation(queryClient, code))}
              >
                {t('invitations.decline')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {error && (
        <p className="share-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
