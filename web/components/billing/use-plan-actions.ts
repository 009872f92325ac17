import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BILLING_TOASTS, portalErrorToast } from '#shared/messages/billing';
import { FREE_PLAN_ID } from '#shared/plans';
import type { PublicPlan } from '#shared/schemas/billing';
import {
  cancelSubscription,
  createCheckoutSession,
  createPortalSession,
  switchPlan,
  upgradeSubscription,
} from '../../data/billing.queries';
import { serverMessageOf } from '../../data/failure-text';
import { formatResetDate } from '#shared/usage-dates';
import { userKeys } from '../../data/query-keys';
import { goToLogin } from '../../data/user.queries';
import type { CurrentUser } from '../../data/wire';
import { rememberPostLoginRedirect } from '../../logic/post-login-redirect';
import { toast } from '../../stores/toast.store';
import { changeDirection } from './plan-change';
import { cancelRoute, upgradeRoute } from './plan-routes';

/**
 * The plan page's actions (spec accounts §4 Payment, §5 Billing, §8 Billing toasts), each run after the user
 * confirmed it (PlanChangeDialog, CancelPlanDialog). The plan being worked on is `busyPlanId`; every button is
 * disabled meanwhile and that one reads 'Processing...'. A changed user goes into the cache, and every
 * plan-dependent read follows by itself (web/data/plan-sync.ts): nothing reloads the page.
 */
export function usePlanActions(user: CurrentUser | null, stripeEnabled: boolean) {
  const queryClient = useQueryClient();
  const [busyPlanId, setBusyPlanId] = useState<number | null>(null);
  const applied = (updated: CurrentUser) => queryClient.setQueryData(userKeys.current(), updated);

  /** Switches to `plan` the way this server does it: directly, by changing the live subscription, or by checkout. */
  const changePlan = async (plan: PublicPlan, current: PublicPlan | null, prorationDate?: number) => {
    if (!user) return signInFirst();
    setBusyPlanId(plan.id);
    const route = upgradeRoute(stripeEnabled, user);
    const direction = current ? changeDirection(plan, current) : 'upgrade';
    if (route === 'checkout') {
      try {
        window.location.assign(await createCheckoutSession(plan.id));
        return; // stays busy while the browser leaves for the checkout
      } catch (err) {
        console.error(err);
        toast(BILLING_TOASTS.paymentError(serverMessageOf(err)), 'destructive');
        setBusyPlanId(null);
        return;
      }
    }
    try {
      applied(
        route === 'switch-directly' ? await switchPlan(plan.id) : await upgradeSubscription(plan.id, prorationDate),
      );
      toast(BILLING_TOASTS.planChanged(direction, plan.name, route === 'change-subscription'), 'success');
    } catch (err) {
      console.error(err);
      toast(BILLING_TOASTS.planChangeFailed(serverMessageOf(err)), 'destructive');
    }
    setBusyPlanId(null);
  };

  /** Free at once without Stripe, else at the period's end. */
  const cancel = async (plan: PublicPlan) => {
    if (!user) return signInFirst();
    setBusyPlanId(plan.id);
    try {
      if (cancelRoute(stripeEnabled) === 'switch-directly') {
        applied(await switchPlan(FREE_PLAN_ID));
        toast(BILLING_TOASTS.planChanged('downgrade', 'Free', false), 'success');
      } else {
        const updated = await cancelSubscription();
        applied(updated);
        toast(BILLING_TOASTS.cancelledAtPeriodEnd(plan.name, formatResetDate(updated.plan_ends_at)), 'success');
      }
    } catch (err) {
      console.error(err);
      toast(BILLING_TOASTS.cancelFailed(serverMessageOf(err)), 'destructive');
    }
    setBusyPlanId(null);
  };

  /** The Stripe customer portal (card, invoices, resuming a cancelled plan). */
  const manageBilling = async () => {
    if (!user) return signInFirst();
    setBusyPlanId(user.plan_id);
    try {
      window.location.assign(await createPortalSession());
    } catch (err) {
      console.error(err);
      toast(portalErrorToast(serverMessageOf(err)), 'destructive');
      setBusyPlanId(null);
    }
  };

  return { busyPlanId, changePlan, cancel, manageBilling };
}

function signInFirst() {
  rememberPostLoginRedirect('/billing');
  goToLogin('/billing');
}
