import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PublicPlan } from '#shared/schemas/billing';
import { formatResetDate } from '#shared/usage-dates';
import { CancelPlanDialog } from '../components/billing/CancelPlanDialog';
import { useStorageUsage } from '../data/own-images.queries';
import { PlanCard } from '../components/billing/PlanCard';
import { PlanChangeDialog } from '../components/billing/PlanChangeDialog';
import { PlanMonth } from '../components/billing/PlanMonth';
import { orderPlans } from '../components/billing/plan-display';
import { BILLING_FROM_LIMIT, upgradeRoute } from '../components/billing/plan-routes';
import { usePlanActions } from '../components/billing/use-plan-actions';
import '../components/billing/billing.css';
import { useBillingConfig, usePlans } from '../data/billing.queries';
import { failureText } from '../data/failure-text';
import { useCurrentUser } from '../data/user.queries';
import { useUserLive } from '../data/use-user-live';
import { Icon } from '../components/icons';

/**
 * /billing, the plan selection (spec accounts §1 plan page copy, §2 /billing): Choose Your Plan, the user's month
 *, up to four plan columns, a close button back to /. Every plan change is confirmed first
 * (PlanChangeDialog, CancelPlanDialog). In self-hosted mode (no Stripe keys) a note says payments are off and the
 * plan switches directly.
 */
export function BillingPage() {
  const { t, i18n } = useTranslation('billing');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useCurrentUser().data ?? null;
  const live = useUserLive(user?.id);
  const plans = usePlans();
  const config = useBillingConfig();
  const stripeEnabled = config.data?.stripeEnabled ?? false;
  const actions = usePlanActions(user, stripeEnabled);
  const loading = plans.isPending || config.isPending;
  const currentPlan = plans.data?.find((p) => p.id === user?.plan_id) ?? null;
  const [confirmingCancel, setConfirmingCancel] = useState<PublicPlan | null>(null);
  const [changingTo, setChangingTo] = useState<PublicPlan | null>(null);
  const storage = useStorageUsage(user !== null);

  return (
    <main className="billing-page" data-live={live}>
      <button
        type="button"
        className="icon-btn billing-close"
        aria-label={t('page.close')}
        title={t('page.close')}
        onClick={() => navigate('/')}
      >
        <Icon name="close" size={20} />
      </button>
      <header className="billing-head">
        <h1>{t('page.heading')}</h1>
        <p className="billing-intro">{t('page.intro')}</p>
      </header>
      {user && (
        <PlanMonth
          user={user}
          planName={currentPlan?.name ?? null}
          storage={storage.data ?? null}
          fromLimit={params.get('from') === BILLING_FROM_LIMIT}
        />
      )}
      {config.data && !stripeEnabled && (
        <aside className="billing-self-hosted" role="note" data-testid="self-hosted-note">
          <strong>{t('page.selfHostedTitle')}</strong>
          <span>{t('page.selfHostedNote')}</span>
        </aside>
      )}
      {loading ? (
        <p className="billing-loading" role="status">
          <span className="spinner" aria-hidden />
          {t('page.loading')}
        </p>
      ) : plans.isError || config.isError ? (
        <p className="billing-error" role="alert">
          {failureText(plans.error ?? config.error, t('page.loadFailed'))}
        </p>
      ) : (
        <div className="plan-grid" data-testid="plan-grid">
          {orderPlans(plans.data ?? []).map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              currentPlan={currentPlan}
              busyPlanId={actions.busyPlanId}
              endsOn={formatResetDate(user?.plan_ends_at, new Date(), i18n.language)}
              onManageBilling={stripeEnabled ? () => void actions.manageBilling() : undefined}
              // A guest has nothing to confirm yet: the action sends them to sign in first.
              onUpgrade={(p) => (user && currentPlan ? setChangingTo(p) : void actions.changePlan(p, currentPlan))}
              onCancel={setConfirmingCancel}
            />
          ))}
        </div>
      )}
      {changingTo && user && currentPlan && (
        <PlanChangeDialog
          current={currentPlan}
          target={changingTo}
          route={upgradeRoute(stripeEnabled, user)}
          user={user}
          storageUsedBytes={storage.data?.usedBytes ?? null}
          onKeep={() => setChangingTo(null)}
          onConfirm={(prorationDate) => {
            setChangingTo(null);
            void actions.changePlan(changingTo, currentPlan, prorationDate);
          }}
        />
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
