import { FREE_PLAN_ID } from '#shared/plans';

type BillingUser = { plan_id: number; stripeSubscriptionId: string | null };

export type UpgradeRoute = 'switch-directly' | 'change-subscription' | 'checkout';
export type CancelRoute = 'switch-directly' | 'at-period-end';

/**
 * How Upgrade is carried out (spec accounts §5 "Billing: an upgrade is used when a subscription exists and
 * plan_id is above 1, otherwise a new checkout"). Without Stripe (self-hosted mode) the plan is switched directly.
 */
export function upgradeRoute(stripeEnabled: boolean, user: BillingUser): UpgradeRoute {
  if (!stripeEnabled) return 'switch-directly';
  return user.stripeSubscriptionId && user.plan_id > FREE_PLAN_ID ? 'change-subscription' : 'checkout';
}

/**
 * With Stripe, Cancel ends the subscription at the end of the paid period (the plan page shows the
 * date; the customer portal stays behind Manage billing); in self-hosted mode it switches back to Free (§7).
 */
export function cancelRoute(stripeEnabled: boolean): CancelRoute {
  return stripeEnabled ? 'at-period-end' : 'switch-directly';
}

/** `/billing?from=limit`: the monthly limit notice sent the user here, and the plan page says so. */
export const BILLING_FROM_LIMIT = 'limit';
export const BILLING_PATH_FROM_LIMIT = `/billing?from=${BILLING_FROM_LIMIT}`;
