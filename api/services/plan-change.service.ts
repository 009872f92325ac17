import type Stripe from 'stripe';
import { FREE_PLAN_ID } from '#shared/plans';
import type { PlanChangePreview } from '#shared/schemas/billing';
import type { UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { AppError, say } from '../errors';
import { applySubscriptionState, paidPlanPrice, requireStripe } from './billing.service';

/**
 * Changing the plan of a live Stripe subscription (docs/decisions/0011-plan-changes.md): the
 * user first sees Stripe's invoice preview of the change, then confirms it with the preview's proration date, so
 * what Stripe charges is what the confirmation said. Upgrades and downgrades both take effect at once: the
 * prorated difference is invoiced now (`always_invoice`), a charge paid by card, a credit kept on the Stripe
 * account for the next invoices. A charge that fails changes nothing (`pending_if_incomplete`).
 */

/** How long a preview's price holds: long enough to read the dialog, short enough that the amount is still true. */
export const PREVIEW_VALID_S = 15 * 60;
/** A proration date a little ahead of our clock is tolerated (the preview's clock and ours may differ slightly). */
const CLOCK_SKEW_S = 60;

type LiveSubscription = { subscription: Stripe.Subscription; item: Stripe.SubscriptionItem };

async function liveSubscription(stripe: Stripe, user: UserRow): Promise<LiveSubscription> {
  if (!user.stripeSubscriptionId || user.planId <= FREE_PLAN_ID) {
    throw new AppError('no_subscription', 409, say('billing.nothingToChange'));
  }
  const subscription = await stripe.subscriptions.retrieve(user.stripeSubscriptionId);
  const item = subscription.items.data[0];
  if (!item) throw new AppError('stripe_error', 502, say('billing.noItemToChange'));
  return { subscription, item };
}

async function targetPlan(deps: AppDeps, user: UserRow, planId: number) {
  const target = await paidPlanPrice(deps, planId);
  if (target.plan.id === user.planId)
    throw new AppError('same_plan', 409, say('billing.samePlan', { plan: target.plan.name }));
  return target;
}

function nowSeconds(deps: AppDeps): number {
  return Math.floor(deps.clock.now().getTime() / 1000);
}

/** Stripe's recommended reading of a preview: the lines that are prorations, summed (credits are negative). */
function prorationTotal(invoice: Stripe.Invoice): number {
  return invoice.lines.data
    .filter((line) => line.parent?.subscription_item_details?.proration)
    .reduce((sum, line) => sum + line.amount, 0);
}

/** POST /api/stripe/preview-plan-change: Stripe's invoice preview of switching the caller's subscription to `planId`. */
export async function previewSubscriptionChange(
  deps: AppDeps,
  user: UserRow,
  planId: number,
): Promise<PlanChangePreview> {
  const stripe = requireStripe(deps);
  const { plan, priceId } = await targetPlan(deps, user, planId);
  const { subscription, item } = await liveSubscription(stripe, user);
  const prorationDate = nowSeconds(deps);
  const preview = await stripe.invoices.createPreview({
    subscription: subscription.id,
    subscription_details: {
      items: [{ id: item.id, price: priceId }],
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
    },
  });
  const periodEnd = item.current_period_end;
  return {
    planId: plan.id,
    prorationDate,
    prorationAmount: prorationTotal(preview),
    amountDueNow: preview.amount_due,
    currency: preview.currency,
    periodEnd: typeof periodEnd === 'number' && periodEnd > 0 ? new Date(periodEnd * 1000).toISOString() : null,
    renewalPrice: plan.price,
  };
}

function checkProrationDate(deps: AppDeps, prorationDate: number): void {
  const now = nowSeconds(deps);
  if (prorationDate > now + CLOCK_SKEW_S || prorationDate < now - PREVIEW_VALID_S) {
    throw new AppError('preview_expired', 409, say('billing.previewExpired'));
  }
}

/**
 * POST /api/stripe/upgrade-subscription: changes the price of the caller's live subscription, upgrade or
 * downgrade, at once, invoicing the prorated difference as of the preview's date. Switching plans keeps the
 * subscription going, so a cancellation waiting for the period's end is withdrawn.
 */
export async function changeSubscriptionPlan(deps: AppDeps, user: UserRow, planId: number, prorationDate?: number) {
  const stripe = requireStripe(deps);
  const { plan, priceId } = await targetPlan(deps, user, planId);
  if (prorationDate !== undefined) checkProrationDate(deps, prorationDate);
  const { subscription, item } = await liveSubscription(stripe, user);
  const updated = await stripe.subscriptions.update(subscription.id, {
    items: [{ id: item.id, price: priceId }],
    proration_behavior: 'always_invoice',
    proration_date: prorationDate ?? nowSeconds(deps),
    payment_behavior: 'pending_if_incomplete',
    metadata: { userId: String(user.id), planId: String(plan.id) },
    ...(subscription.cancel_at_period_end ? { cancel_at_period_end: false } : {}),
  });
  if (updated.pending_update) {
    throw new AppError('payment_failed', 402, say('billing.paymentFailed'));
  }
  return await applySubscriptionState(deps, user.id, updated);
}
