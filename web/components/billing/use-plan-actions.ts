import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { webI18n } from '../../i18n/i18n';
import { userKeys } from '../../data/query-keys';
import { goToLogin } from '../../data/user.queries';
import type { CurrentUser } from '../../data/wire';
import { rememberPostLoginRedirect } from '../../logic/post-login-redirect';
import { toast } from '../../stores/toast.store';
import { changeDirection } from './plan-change';
import { billingText } from './plan-display';
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
  const t = billingText();

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
        toast(
          { title: t('toasts.paymentError'), description: serverMessageOf(err) || t('toasts.paymentErrorDetail') },
          'destructive',
        );
        setBusyPlanId(null);
        return;
      }
    }
    try {
      applied(
        route === 'switch-directly' ? await switchPlan(plan.id) : await upgradeSubscription(plan.id, prorationDate),
      );
      toast(planChangedToast(direction, plan.name, route === 'change-subscription'), 'success');
    } catch (err) {
      console.error(err);
      const serverMessage = serverMessageOf(err);
      toast(
        { title: t('toasts.changeFailed'), ...(serverMessage ? { description: serverMessage } : {}) },
        'destructive',
      );
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
        toast(planChangedToast('downgrade', 'Free', false), 'success');
      } else {
        const updated = await cancelSubscription();
        applied(updated);
        const date = formatResetDate(updated.plan_ends_at, new Date(), webI18n.language);
        toast(
          {
            title: t('toasts.cancelledTitle'),
            description: date
              ? t('toasts.cancelledUntil', { plan: plan.name, date })
              : t('toasts.cancelledUntilPeriodEnd', { plan: plan.name }),
          },
          'success',
        );
      }
    } catch (err) {
      console.error(err);
      toast(
        { title: t('toasts.cancelFailed'), description: serverMessageOf(err) || t('toasts.cancelFailedDetail') },
        'destructive',
      );
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
      toast(
        { title: t('toasts.portalError'), description: serverMessageOf(err) || t('toasts.portalErrorDetail') },
        'destructive',
      );
      setBusyPlanId(null);
    }
  };

  return { busyPlanId, changePlan, cancel, manageBilling };
}

/**
 * After a plan change, named by its direction (never "upgraded" for a downgrade); the descriptions are the
 * spec's (§8) where it has one.
 */
function planChangedToast(direction: 'upgrade' | 'downgrade', planName: string, viaStripe: boolean) {
  const t = billingText();
  return {
    title:
      direction === 'upgrade'
        ? t('toasts.upgradedTitle', { plan: planName })
        : t('toasts.switchedTitle', { plan: planName }),
    description: !viaStripe
      ? t('toasts.changed')
      : direction === 'upgrade'
        ? t('toasts.upgradedViaStripe')
        : t('toasts.switchedViaStripe'),
  };
}

function signInFirst() {
  rememberPostLoginRedirect('/billing');
  goToLogin('/billing');
}
