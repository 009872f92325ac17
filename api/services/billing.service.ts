import { withTransaction } from '../db/transaction';
import type Stripe from 'stripe';
import { FREE_PLAN_ID, planById } from '#shared/plans';
import type { PublicPlan } from '#shared/schemas/billing';
import { billingRepo, type PlanRow } from '../db/repositories/billing.repo';
import { usersRepo, type UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { AppError, badRequest, notFound, say } from '../errors';
import { isFreePlan } from '#shared/section-lock';
import { applyPlanChangeToLocks } from './section-lock.service';
import { announcePlanChange } from './team-plan.service';
import { announceUserNews } from '../live/user-news';

export async function listPublicPlans(deps: AppDeps): Promise<PublicPlan[]> {
  return (await billingRepo.listPlans(deps.db)).map((plan) => ({
    id: plan.id,
    name: plan.name,
    price: plan.price,
    monthly_limit: plan.monthlyLimit,
    isPopular: plan.isPopular,
    tagline: planById(plan.id)?.tagline ?? '',
    hasButton: plan.id !== FREE_PLAN_ID,
  }));
}

export async function requirePlan(deps: AppDeps, planId: number): Promise<PlanRow> {
  const plan = await billingRepo.getPlan(deps.db, planId);
  if (!plan) throw badRequest('billing.noSuchPlan', { field: 'planId' });
  return plan;
}

export function requireStripe(deps: AppDeps): Stripe {
  if (!deps.stripe) throw new AppError('stripe_disabled', 409, say('billing.paymentsOff'));
  return deps.stripe;
}

/**
 * The plan a user is on becomes the given one: its monthly limit follows; usage is kept. `endsAt` is when a
 * cancelled subscription stops (null while it renews, and always for a plan switched without Stripe). The
 * free-plan lock follows in the same transaction: an upgrade lifts it, a downgrade decides it once for the
 * sections there now. The user's row is locked first, so the plan read as "before" is the one this change replaces.
 * When the lock comes or goes, every open screen of the user's boards hears it (team-plan.service.ts): on SQLite
 * after this transaction, or, nested in a webhook's, before that one commits (a screen's reload then waits for it).
 */
export async function assignPlan(
  deps: AppDeps,
  userId: number,
  plan: PlanRow,
  subscription: { id: string | null } | undefined,
  endsAt: Date | null = null,
) {
  let tellScreens: (() => void) | null = null;
  const updated = await withTransaction(deps.db, async (tx) => {
    const before = await usersRepo.lockById(tx, userId);
    const row = (await usersRepo.update(tx, userId, {
      planId: plan.id,
      monthlyLimit: plan.monthlyLimit,
      planEndsAt: endsAt,
      ...(subscription ? { stripeSubscriptionId: subscription.id } : {}),
    }))!;
    if (before) await applyPlanChangeToLocks(tx, userId, before.planId, plan.id);
    // The members' open boards follow the lock as it comes or goes (every path that writes a plan passes here).
    if (before && isFreePlan(before.planId) !== isFreePlan(plan.id))
      tellScreens = await announcePlanChange(deps, tx, userId, isFreePlan(plan.id));
    // The user's other screens show the plan and its monthly limit: they read them again once this commits.
    await announceUserNews(deps, tx, [userId], 'account');
    return row;
  });
  (tellScreens as (() => void) | null)?.();
  return updated;
}

/** Self-hosted mode only: with Stripe configured, plans change by Stripe's word alone (SECURITY.md). */
export async function switchPlanSelfHosted(deps: AppDeps, user: UserRow, planId: number) {
  if (deps.stripe) {
    throw new AppError('stripe_enabled', 409, say('billing.throughStripe'));
  }
  const plan = await requirePlan(deps, planId);
  return await assignPlan(deps, user.id, plan, undefined);
}

export async function paidPlanPrice(deps: AppDeps, planId: number): Promise<{ plan: PlanRow; priceId: string }> {
  const plan = await requirePlan(deps, planId);
  if (plan.id === FREE_PLAN_ID) throw badRequest('billing.freeNotBought', { field: 'planId' });
  if (!plan.stripePriceId) {
    throw new AppError('price_not_configured', 409, say('billing.priceNotConfigured', { plan: plan.name }));
  }
  return { plan, priceId: plan.stripePriceId };
}

/**
 * The user's Stripe customer, created on first need. Two checkouts started at once may both create one (the Stripe
 * call stays outside any transaction); the first id stored is the user's, and both checkouts use it.
 */
async function ensureCustomer(deps: AppDeps, stripe: Stripe, user: UserRow): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create({ email: user.email, metadata: { userId: String(user.id) } });
  return (await usersRepo.linkStripeCustomer(deps.db, user.id, customer.id)) ?? customer.id;
}

export async function createCheckoutSession(deps: AppDeps, user: UserRow, planId: number, baseUrl: string) {
  const stripe = requireStripe(deps);
  const { plan, priceId } = await paidPlanPrice(deps, planId);
  const customer = await ensureCustomer(deps, stripe, user);
  const metadata = { userId: String(user.id), planId: String(plan.id) };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: String(user.id),
    line_items: [{ price: priceId, quantity: 1 }],
    success_url: `${baseUrl}/billing-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${baseUrl}/billing`,
    metadata,
    subscription_data: { metadata },
  });
  if (!session.url) throw new AppError('stripe_error', 502, say('billing.noCheckoutUrl'));
  return { url: session.url };
}

export async function createPortalSession(deps: AppDeps, user: UserRow, baseUrl: string) {
  const stripe = requireStripe(deps);
  if (!user.stripeCustomerId) throw new AppError('no_subscription', 409, say('billing.nothingToManage'));
  const portal = await stripe.billingPortal.sessions.create({
    customer: user.stripeCustomerId,
    return_url: `${baseUrl}/billing`,
  });
  return { url: portal.url };
}

/**
 * Cancels the caller's subscription at the end of the period already paid for: Stripe keeps it live until then
 * (cancel_at_period_end), the user keeps the plan, and the plan page shows the date it ends. Stripe's
 * customer.subscription.deleted at that date returns the user to Free.
 */
export async function cancelSubscriptionAtPeriodEnd(deps: AppDeps, user: UserRow) {
  const stripe = requireStripe(deps);
  if (!user.stripeSubscriptionId || user.planId <= FREE_PLAN_ID) {
    throw new AppError('no_subscription', 409, say('billing.nothingToCancel'));
  }
  const updated = await stripe.subscriptions.update(user.stripeSubscriptionId, { cancel_at_period_end: true });
  return await applySubscriptionState(deps, user.id, updated);
}

/** When a live subscription stops: its cancel date, or the period's end when it cancels then; null while it renews. */
function subscriptionEndsAt(subscription: Stripe.Subscription): Date | null {
  if (subscription.cancel_at) return new Date(subscription.cancel_at * 1000);
  if (!subscription.cancel_at_period_end) return null;
  const periodEnd = subscription.items.data[0]?.current_period_end;
  return typeof periodEnd === 'number' && periodEnd > 0 ? new Date(periodEnd * 1000) : null;
}

/** GET /api/stripe/session/:id: confirms a checkout of the caller's own, applying what Stripe says. */
export async function confirmCheckoutSession(deps: AppDeps, user: UserRow, sessionId: string) {
  const stripe = requireStripe(deps);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) throw notFound('session');
    throw err;
  }
  const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  const ownsSession =
    session.client_reference_id === String(user.id) || (!!customerId && customerId === user.stripeCustomerId);
  if (!ownsSession) throw notFound('session');
  const paid =
    session.status === 'complete' &&
    (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  if (!paid) return { success: false, planName: null };
  const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  if (!subscriptionId) return { success: false, planName: null };
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const updatedUser = await applySubscriptionState(deps, user.id, subscription, customerId);
  return { success: true, planName: (await billingRepo.getPlan(deps.db, updatedUser.planId))?.name ?? null };
}

const LIVE_STATUSES = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due']);

/**
 * Stores a subscription's current state, as read from Stripe, on its user: a live subscription puts the user on
 * the plan of its price; an ended one (canceled, unpaid, expired) returns them to Free. Reading the current
 * state rather than trusting each event's snapshot is what makes out-of-order events harmless. One transaction
 * with the user's row locked: the subscription id it compares against is the one it replaces.
 */
export async function applySubscriptionState(
  deps: AppDeps,
  userId: number,
  subscription: Stripe.Subscription,
  customerId?: string | null,
) {
  const priceId = subscription.items.data[0]?.price?.id;
  const plan = priceId ? await billingRepo.planByStripePrice(deps.db, priceId) : undefined;
  const freePlan = await requirePlan(deps, FREE_PLAN_ID);
  return await withTransaction(deps.db, async (tx) => {
    const user = await usersRepo.lockById(tx, userId);
    if (!user) throw notFound('user');
    if (customerId && !user.stripeCustomerId) await usersRepo.linkStripeCustomer(tx, userId, customerId);
    if (LIVE_STATUSES.has(subscription.status) && plan) {
      return await assignPlan(
        { ...deps, db: tx },
        userId,
        plan,
        { id: subscription.id },
        subscriptionEndsAt(subscription),
      );
    }
    // A stale "ended" state for a subscription that is no longer the user's current one changes nothing.
    if (user.stripeSubscriptionId && user.stripeSubscriptionId !== subscription.id) return user;
    return await assignPlan({ ...deps, db: tx }, userId, freePlan, { id: null });
  });
}
