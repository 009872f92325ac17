import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import '../components/billing/billing.css';
import { toastJoined } from '../components/share/joined-toast';
import { useRequireSignIn } from '../components/share/use-require-sign-in';
import { ApiError } from '../data/api-client';
import { failureText } from '../data/failure-text';
import { acceptInvitation, invitationPreviewQuery } from '../data/members.queries';
import { boardKeys } from '../data/query-keys';
import { useAppStore } from '../stores/app.store';

/**
 * /invite/{code}: a signed-in user joins the board the invitation link names (POST
 * /api/invitations/:code/accept) and it opens on /, with a toast naming the board and who invited. An expired,
 * revoked, used-up or unknown link shows the server's own message with Go to Home; an invitation by email whose
 * address is not confirmed yet says which board waits for it. A guest is sent to sign in, where the page names the
 * board and the inviter, and comes back here (as on /share/{code}).
 */
export function InvitePage() {
  const { code = '' } = useParams();
  const auth = useRequireSignIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('team');
  const { t: tp } = useTranslation('pages');
  const [error, setError] = useState<{ message: string; unconfirmed: boolean } | null>(null);
  const signedIn = auth.status === 'signed-in';
  // Only to name the board in the error's heading when the address is still to be confirmed.
  const preview = useQuery({ ...invitationPreviewQuery(code), enabled: error?.unconfirmed === true });

  useEffect(() => {
    // One visit accepts once even if the effect runs twice (the store's flows slice holds the code meanwhile).
    const claim = `invite:${code}`;
    if (!signedIn || !code.trim() || !useAppStore.getState().claimShareCode(claim)) return;
    void (async () => {
      try {
        const joined = await acceptInvitation(code);
        // The board screen is not mounted here: its list is fetched now, so it opens with the board in it.
        await queryClient.refetchQueries({ queryKey: boardKeys.lists(), type: 'all' });
        useAppStore.getState().setCollectionsViewOpen(false);
        useAppStore.getState().setCurrentBoardId(joined.boardId);
        toastJoined(joined);
        void navigate('/', { replace: true });
      } catch (err) {
        console.error(err);
        const unconfirmed = err instanceof ApiError && err.code === 'email_not_verified';
        setError({ message: failureText(err, t('people.failed')), unconfirmed });
      } finally {
        useAppStore.getState().releaseShareCode(claim);
      }
    })();
  }, [signedIn, code, queryClient, navigate, t]);

  return (
    <main className="page-center">
      <div className="panel billing-success">
        {error ? (
          <>
            <h1>
              {error.unconfirmed && preview.data
                ? t('invite.confirmToJoin', { title: preview.data.boardTitle })
                : t('invite.errorTitle')}
            </h1>
            <p role="alert" data-testid="invite-error" data-server-message>
              {error.message}
            </p>
            <button type="button" className="btn primary" onClick={() => navigate('/')}>
              {t('invite.goHome')}
            </button>
          </>
        ) : (
          <p role="status" className="billing-loading">
            <span className="spinner" aria-hidden />
            {auth.status === 'signed-in'
              ? t('invite.joining')
              : auth.status === 'checking'
                ? tp('authGate.checking')
                : tp('authGate.redirecting')}
          </p>
        )}
      </div>
    </main>
  );
}
