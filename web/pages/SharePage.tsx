import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import '../components/billing/billing.css';
import { shareErrorMessage } from '../components/share/share-link';
import { useRequireSignIn } from '../components/share/use-require-sign-in';
import { boardKeys } from '../data/query-keys';
import { openSharedBoard } from '../data/share.queries';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';
import { commandToast } from '../i18n/command-toasts';

/**
 * /share/{code} (spec accounts §2, §4 Sharing, §8): 'Processing Shared Board' while the recipient's copy is made,
 * then 'Board copied successfully' and the copy is opened on /. Failures show 'Share Link Error' with the
 * server's message and Go to Home. A guest is sent to login and comes back here.
 */
export function SharePage() {
  const { t: tp } = useTranslation('pages');
  const { code = '' } = useParams();
  const auth = useRequireSignIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(code.trim() ? null : tp('share.invalidLink'));
  const signedIn = auth.status === 'signed-in';

  useEffect(() => {
    // One visit makes one copy even if the effect runs twice (the store's flows slice holds the code meanwhile).
    if (!signedIn || !code.trim() || !useAppStore.getState().claimShareCode(code)) return;
    void (async () => {
      try {
        const result = await openSharedBoard(code);
        // The board screen is not mounted here, so its list is refetched now (an inactive query would only be
        // marked stale, and the screen would first see a list without the copy and select another board).
        await queryClient.refetchQueries({ queryKey: boardKeys.lists(), type: 'all' });
        useAppStore.getState().setCollectionsViewOpen(false);
        useAppStore.getState().setCurrentBoardId(result.boardId);
        if (result.copied) toast(commandToast('sharedBoardCopied'), 'success');
        void navigate('/', { replace: true });
      } catch (err) {
        console.error(err);
        setError(shareErrorMessage(err));
      } finally {
        useAppStore.getState().releaseShareCode(code);
      }
    })();
  }, [signedIn, code, queryClient, navigate]);

  return (
    <main className="page-center">
      <div className="panel billing-success">
        {error ? (
          <>
            <h1>{tp('share.errorTitle')}</h1>
            <p role="alert" data-testid="share-error" data-server-message>
              {error}
            </p>
            <p>{tp('share.errorHint')}</p>
            <button type="button" className="btn primary" onClick={() => navigate('/')}>
              {tp('share.goHome')}
            </button>
          </>
        ) : (
          <p role="status" className="billing-loading">
            <span className="spinner" aria-hidden />
            {auth.status === 'signed-in'
              ? tp('share.processing')
              : auth.status === 'checking'
                ? tp('authGate.checking')
                : tp('authGate.redirecting')}
          </p>
        )}
      </div>
    </main>
  );
}
