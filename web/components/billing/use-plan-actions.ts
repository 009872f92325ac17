import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BILLING_TOASTS, portalErrorToast } from '#shared/messages/billing';
import { FREE_PLAN_ID } from '#shared/plans';
import type { PublicPlan } from '#shared/schemas/billing';
import { ApiError } from '../../data/api-client';
import { cancelSubscription, createCheckoutSession, createPortalSession, switchPlan, upgradeSubscription } from '../../data/billing.queries';
import { formatResetDate } from '#shared/usage-dates';
import { featureSearchKeys } from '../../data/feature-search.queries';
import { boardKeys, cardKeys, sectionKeys, userKeys } from '../../data/query-keys';
import { goToLogin } from '../../data/user.queries';
import type { CurrentUser } from '../../data/wire';
import { rememberPostLoginRedirect } from '../../logic/post-login-redirect';
import { toast } from '../../stores/toast.store';
import { cancelRoute, upgradeRoute } from './plan-routes';

/** Ours: long enough to read 'Plan Updated' before the page reloads (spec §8: "then reload"). */
const RELOAD_AFTER_UPGRADE_MS = 1500;

/**
 * Upgrade and Cancel on the plan page (spec accounts §4 Payment, §5 Billing, §8 Billing toasts). The plan being
 * worked on is `busyPlanId`; every button is disabled meanwhile and that one reads 'Processing...'.
 */
export function usePlanActions(user: CurrentUser | null, stripeEnabled: boolean) {
  const queryClient = useQueryClient();
  const [busyPlanId, setBusyPlanId] = useState<number | null>(null);

  /** A direct switch changes limits and the free-plan section lock: everything that depends on the plan is re-read. */
  const afterDirectSwitch = async (updated: CurrentUser) => {
    queryClient.setQueryData(userKeys.current(), updated);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sectionKeys.all }),
      queryClient.invalidateQueries({ queryKey: cardKeys.all }),
      queryClient.invalidateQueries({ queryKey: boardKeys.all }),
      queryClient.invalidateQueries({ queryKey: featureSearchKeys.all }),
    ]);
  };

  const switchDirectly = async (planId: number) => {
    try {
      await afterDirectSwitch(await switchPlan(planId));
      toast(BILLING_TOASTS.planSwitched, 'success');
    } catch (err) {
      console.error(err);
      toast(BILLING_TOASTS.planSwitchFailed, 'destructive');
    }
  };

  const upgrade = async (plan: PublicPlan) => {
    if (!user) return signInFirst();
    setBusyPlanId(plan.id);
    const route = upgradeRoute(stripeEnabled, user);
    try {
      if (route === 'switch-directly') {
        await switchDirectly(plan.id);
      } else if (route === 'change-subscription') {
        await upgradeSubscription(plan.id);
        toast(BILLING_TOASTS.upgraded, 'success');
        window.setTimeout(() => window.location.reload(), RELOAD_AFTER_UPGRADE_MS);
        return; // stays busy until the reload
      } else {
        window.location.assign(await createCheckoutSession(plan.id));
        return; // stays busy while the browser leaves for the checkout
      }
    } catch (err) {
      console.error(err);
      toast(BILLING_TOASTS.paymentError, 'destructive');
    }
    setBusyPlanId(null);
  };

  /** Runs after the user confirmed (CancelPlanDialog): Free at once without Stripe, else at the period's end. */
  const cancel = async (plan: PublicPlan) => {
    if (!user) return signInFirst();
    setBusyPlanId(plan.id);
    if (cancelRoute(stripeEnabled) === 'switch-directly') {
      await switchDirectly(FREE_PLAN_ID);
      setBusyPlanId(null);
      return;
    }
    try {
      const updated = await cancelSubscription();
      queryClient.setQueryData(userKeys.current(), updated);
      toast(BILLING_TOASTS.cancelledAtPeriodEnd(plan.name, formatResetDate(updated.plan_ends_at)), 'success');
    } catch (err) {
      console.error(err);
      toast(BILLING_TOASTS.cancelFailed(err instanceof ApiError ? err.serverMessage : null), 'destructive');
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
      toast(portalErrorToast(err instanceof ApiError ? err.serverMessage : null), 'destructive');
      setBusyPlanId(null);
    }
  };

  return { busyPlanId, upgrade, cancel, manageBilling };
}

function signInFirst() {
  rememberPostLoginRedirect('/billing');
  goToLogin('/billing');
}
