import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import '../components/billing/billing.css';
import { verifyEmail } from '../data/account.queries';
import { failureText, serverMessageOf } from '../data/failure-text';
import { useAppStore } from '../stores/app.store';

/**
 * /verify-email/{token}: the link from the confirmation mail. It works signed in or not (the mail may be opened in
 * another browser); a spent, expired or broken link shows the server's own sentence.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ done?: string; error?: string; serverSaid?: boolean }>({});

  useEffect(() => {
    // One visit spends the link once even if the effect runs twice (the store's flows slice holds the claim).
    const claim = `verify:${token}`;
    if (!useAppStore.getState().claimShareCode(claim)) return;
    void (async () => {
      try {
        const answer = await verifyEmail(token);
        // The account and what hangs on its address (invitations by email) read again.
        await queryClient.invalidateQueries();
        setState({ done: answer.email });
      } catch (err) {
        setState({ error: failureText(err, t('verifyPage.failedTitle')), serverSaid: serverMessageOf(err) !== null });
      } finally {
        useAppStore.getState().releaseShareCode(claim);
      }
    })();
  }, [token, queryClient, t]);

  return (
    <main className="page-center">
      <div className="panel billing-success">
        <h1>{state.error ? t('verifyPage.failedTitle') : t('verifyPage.title')}</h1>
        {state.done && (
          <p role="status" data-testid="verify-done">
            {t('verifyPage.done', { email: state.done })}
          </p>
        )}
        {state.error && (
          <p role="alert" data-testid="verify-error" data-server-message={state.serverSaid ? '' : undefined}>
            {state.error}
          </p>
        )}
        {!state.done && !state.error && (
          <p role="status" className="billing-loading">
            <span className="spinner" aria-hidden />
            {t('verifyPage.working')}
          </p>
        )}
        {(state.done || state.error) && (
          <Link className="btn primary" to="/">
            {t('verifyPage.goHome')}
          </Link>
        )}
      </div>
    </main>
  );
}
