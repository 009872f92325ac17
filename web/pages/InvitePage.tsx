import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { AUTH_GATE_TEXT } from '#shared/messages/discovery';
import '../components/billing/billing.css';
import { useRequireSignIn } from '../components/share/use-require-sign-in';
import { failureText } from '../data/failure-text';
import { acceptInvitation } from '../data/members.queries';
import { boardKeys } from '../data/query-keys';
import type { Board } from '../data/wire';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';

/**
 * /invite/{code}: a signed-in user joins the board the invitation link names (POST
 * /api/invitations/:code/accept) and it opens on /. An expired, revoked, used-up or unknown link shows the server's
 * own message with Go to Home. A guest is sent to sign in and comes back here (as on /share/{code}).
 */
export function InvitePage() {
  const { code = '' } = useParams();
  const auth = useRequireSignIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('team');
  const [error, setError] = useState<string | null>(null);
  const signedIn = auth.status === 'signed-in';

  useEffect(() => {
    // One visit accepts once even if the effect runs twice (the store's flows slice holds the code meanwhile).
    const claim = `invite:${code}`;
    if (!signedIn || !code.trim() || !useAppStore.getState().claimShareCode(claim)) return;
    void (async () => {
      try {
        const boardId = await acceptInvitation(code);
        // The board screen is not mounted here: its list is fetched now, so it opens with the board in it.
        await queryClient.refetchQueries({ queryKey: boardKeys.lists(), type: 'all' });
        const title = queryClient
          .getQueriesData<Board[]>({ queryKey: boardKeys.lists() })
          .flatMap(([, boards]) => boards ?? [])
          .find((b) => b.id === boardId)?.title;
        useAppStore.getState().setCollectionsViewOpen(false);
        useAppStore.getState().setCurrentBoardId(boardId);
        toast({ title: title ? t('invite.joined', { title }) : t('invite.joinedBoard') }, 'success');
        void navigate('/', { replace: true });
      } catch (err) {
        console.error(err);
        setError(failureText(err, t('people.failed')));
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
            <h1>{t('invite.errorTitle')}</h1>
            <p role="alert" data-testid="invite-error">
              {error}
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
                ? AUTH_GATE_TEXT.checking
                : AUTH_GATE_TEXT.redirecting}
          </p>
        )}
      </div>
    </main>
  );
}
