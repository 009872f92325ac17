import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PublicPlan } from '#shared/schemas/billing';
import { formatResetDate } from '#shared/usage-dates';
import { CancelPlanDialog } from '../components/billing/CancelPlanDialog';
import { OWN_IMAGE_TEXT } from '#shared/messages/own-images';
import { useStorageUsage } from '../data/own-images.queries';
import { BILLING_TEXT } from '#shared/messages/billing';
import { PlanCard } from '../components/billing/PlanCard';
import { orderPlans } from '../components/billing/plan-display';
import { usePlanActions } from '../components/billing/use-plan-actions';
import '../components/billing/billing.css';
import { useBillingConfig, usePlans } from '../data/billing.queries';
import { useCurrentUser } from '../data/user.queries';
import { Icon } from '../components/icons';

/**
 * /billing, the plan selection (spec accounts §1 plan page copy, §2 /billing): Choose Your Plan, up to four
 * plan columns, a close button back to /. In self-hosted mode (no Stripe keys) a note says payments are off and
 * Upgrade / Cancel switch the plan directly.
 */
export function BillingPage() {
  const navigate = useNavigate();
  const user = useCurrentUser().data ?? null;
  const plans = usePlans();
  const config = useBillingConfig();
  const stripeEnabled = config.data?.stripeEnabled ?? false;
  const actions = usePlanActions(user, stripeEnabled);
  const loading = plans.isPending || config.isPending;
  const currentPlan = plans.data?.find((p) => p.id === user?.plan_id) ?? null;
  const [confirmingCancel, setConfirmingCancel] = useState<PublicPlan | null>(null);
  const storage = useStorageUsage(user !== null);

  return (
    <main className="billing-page">
      <button type="button" className="icon-btn billing-close" aria-label={BILLING_TEXT.close} title={BILLING_TEXT.close} onClick={() => navigate('/')}>
        <Icon name="close" size={20} />
      </button>
      <header className="billing-head">
        <h1>{BILLING_TEXT.heading}</h1>
        <p className="billing-intro">{BILLING_TEXT.intro}</p>
        {storage.data && (
          <p className="billing-storage" data-testid="storage-usage">
            {OWN_IMAGE_TEXT.storageUsed(storage.data.usedBytes, storage.data.limitBytes)}
          </p>
        )}
      </header>
      {config.data && !stripeEnabled && (
        <aside className="billing-self-hosted" role="note" data-testid="self-hosted-note">
          <strong>{BILLING_TEXT.selfHostedTitle}</strong>
          <span>{BILLING_TEXT.selfHostedNote}</span>
        </aside>
      )}
      {loading ? (
        <p className="billing-loading" role="status">
          <span className="spinner" aria-hidden />
          {BILLING_TEXT.loading}
        </p>
      ) : plans.isError || config.isError ? (
        <p className="billing-error" role="alert">
          {BILLING_TEXT.loadFailed}
        </p>
      ) : (
        <div className="plan-grid" data-testid="plan-grid">
          {orderPlans(plans.data ?? []).map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              currentPlan={currentPlan}
              busyPlanId={actions.busyPlanId}
              endsOn={formatResetDate(user?.plan_ends_at)}
              onManageBilling={stripeEnabled ? () => void actions.manageBilling() : undefined}
              onUpgrade={(p) => void actions.upgrade(p)}
              onCancel={setConfirmingCancel}
            />
          ))}
        </div>
      )}
      {confirmingCancel && (
        <CancelPlanDialog
          plan={confirmingCancel}
          plans={plans.data ?? []}
          atPeriodEnd={stripeEnabled}
          onKeep={() => setConfirmingCancel(null)}
          onConfirm={() => {
            setConfirmingCancel(null);
            void actions.cancel(confirmingCancel);
          }}
        />
      )}
    </main>
  );
}
