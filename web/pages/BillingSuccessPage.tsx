import { DialogFooter } from '../components/dialogs/DialogFooter';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PAYMENT_REDIRECT_MS } from '#shared/constants';
import '../components/billing/billing.css';
import { paymentSessionQuery } from '../data/billing.queries';
import { boardsQuery } from '../data/boards.queries';
import { currentUserQuery } from '../data/user.queries';
import { Icon } from '../components/icons';

/**
 * /billing-success?session_id=… (spec accounts §2, §4 Payment): confirms the checkout session, then refreshes
 * the user and the boards and goes to / after 3 s ('Go to Dashboard Now' goes at once).
 */
export function BillingSuccessPage() {
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useQuery({ ...paymentSessionQuery(sessionId ?? ''), enabled: !!sessionId });
  const confirmed = session.data?.success === true;

  useEffect(() => {
    if (!confirmed) return;
    // Read afresh now, so the board screen opens on the new plan: the current user is never refetched on mount
    // (spec §9), so a stale copy in the cache would otherwise stay for 50 minutes.
    void (async () => {
      const user = await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
      if (user) await queryClient.fetchQuery({ ...boardsQuery(user.id), staleTime: 0 });
    })().catch((err) => console.error(err));
    const timer = window.setTimeout(() => navigate('/'), PAYMENT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [confirmed, queryClient, navigate]);

  const goHome = () => navigate('/');
  return (
    <main className="page-center">
      <div className="panel billing-success">
        {!sessionId ? (
          <>
            <h1>{tp('billingSuccess.notConfirmed')}</h1>
            <p>{tp('billingSuccess.missingSession')}</p>
            <BackButtons onHome={goHome} onPlans={() => navigate('/billing')} />
          </>
        ) : session.isPending ? (
          <p role="status" className="billing-loading">
            <span className="spinner" aria-hidden />
            {tp('billingSuccess.confirming')}
          </p>
        ) : confirmed ? (
          <>
            <Icon name="check" size={44} className="success-mark" />
            <h1>{tp('billingSuccess.success')}</h1>
            <p data-testid="activated-plan">
              {session.data?.planName
                ? tp('billingSuccess.activatedPlan', { plan: session.data.planName })
                : tp('billingSuccess.activated')}
            </p>
            <p>{tp('billingSuccess.redirecting')}</p>
            <button type="button" className="btn primary" onClick={goHome}>
              {tp('billingSuccess.goNow')}
            </button>
          </>
        ) : (
          <>
            <h1>{tp('billingSuccess.notConfirmed')}</h1>
            <p role="alert">{tp('billingSuccess.notConfirmedHint')}</p>
            <BackButtons onHome={goHome} onPlans={() => navigate('/billing')} />
          </>
        )}
      </div>
    </main>
  );
}

function BackButtons({ onHome, onPlans }: { onHome: () => void; onPlans: () => void }) {
  const { t: tp } = useTranslation('pages');
  return (
    <DialogFooter
      actions={[
        { label: tp('billingSuccess.backToPlans'), onClick: onPlans },
        { label: tp('billingSuccess.goNow'), kind: 'primary', onClick: onHome },
      ]}
    />
  );
}
