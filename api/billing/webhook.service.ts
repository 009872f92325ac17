import { withTransaction } from '../db/transaction';
import type Stripe from 'stripe';
import { billingRepo } from '../db/repositories/billing.repo';
import { usersRepo } from '../db/repositories/users.repo';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { applySubscriptionState } from '../services/billing.service';
import { announceUserNews } from '../live/user-news';

/**
 * Signatures older than this many seconds are refused by Stripe's SDK (replays of old captures); signatures dated
 * more than this in the future are refused here (the SDK lets them through; a capture signed ahead of time, or a
 * clock far off, must not be replayable for longer than the tolerance).
 */
const SIGNATURE_TOLERANCE_S = 300;

export type WebhookOutcome = { received: true; duplicate?: boolean; ignored?: boolean };

/**
 * POST /api/stripe/webhook. The signature is checked on the raw body; the effect and the event id are written
 * in one transaction, so a replay (same id) changes nothing. Subscription state is re-read from Stripe, so
 * events arriving out of order still leave the latest state.
 */
export async function handleStripeWebhook(
  deps: AppDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const stripe = deps.stripe;
  const secret = deps.config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret)
    throw new AppError('stripe_disabled', 409, 'Stripe webhooks are not configured on this server');
  if (!signature) throw new AppError('invalid_signature', 400, 'Missing Stripe-Signature header');
  // One timestamp only: stripe-node verifies with the last `t=` of the header, and a second one could make any rule
  // here read a different timestamp from the one the signature covers.
  const timestamps = signatureTimestamps(signature);
  if (timestamps.length !== 1) throw new AppError('invalid_signature', 400, 'Invalid Stripe signature');
  let event: Stripe.Event;
  try {
    // receivedAt is in milliseconds (stripe-node divides it by 1000 itself).
    event = stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      SIGNATURE_TOLERANCE_S,
      undefined,
      deps.clock.now().getTime(),
    );
  } catch {
    throw new AppError('invalid_signature', 400, 'Invalid Stripe signature');
  }
  // The header's one `t=`, read as stripe-node read it for the signature it just verified.
  const signedAt = parseInt(timestamps[0], 10);
  if (signedAt - deps.clock.now().getTime() / 1000 > SIGNATURE_TOLERANCE_S) {
    throw new AppError('invalid_signature', 400, 'Invalid Stripe signature');
  }
  // A cheap early answer for a replay; the decision is the insert below (ON CONFLICT DO NOTHING RETURNING): of two
  // deliveries at once, the second waits on the first's uncommitted row and then finds it, so the effect runs once.
  if (await billingRepo.isEventProcessed(deps.db, event.id)) return { received: true, duplicate: true };

  const effect = await prepareEffect(deps, stripe, event);
  const applied = await withTransaction(deps.db, async (tx) => {
    if (!(await billingRepo.recordEvent(tx, event.id, event.type, deps.clock.now()))) return false;
    await effect?.(tx);
    return true;
  });
  return applied ? { received: true, ...(effect ? {} : { ignored: true }) } : { received: true, duplicate: true };
}

/**
 * The values of every `t=` element of a Stripe-Signature header, split as stripe-node splits it (',' then '='),
 * with keys trimmed so that a ' t=' the SDK would skip still counts as a second timestamp.
 */
function signatureTimestamps(header: string): string[] {
  return header
    .split(',')
    .map((item) => item.split('='))
    .filter(([key]) => key.trim() === 't')
    .map(([, value]) => value ?? '');
}

type Effect = (tx: Db) => Promise<void>;

/** Reads what the event needs from Stripe, and returns the write to run in the transaction (no Stripe call inside it). */
async function prepareEffect(deps: AppDeps, stripe: Stripe, event: Stripe.Event): Promise<Effect | null> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const customerId = idOf(session.customer);
      const userId = await userIdFor(deps, customerId, session.client_reference_id ?? session.metadata?.userId);
      if (!subscriptionId || userId === null) return null;
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      return async (tx) => {
        await applySubscriptionState({ ...deps, db: tx }, userId, subscription, customerId);
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const snapshot = event.data.object;
      const customerId = idOf(snapshot.customer);
      const userId = await userIdFor(deps, customerId, snapshot.metadata?.userId);
      if (userId === null) return null;
      const current = await stripe.subscriptions.retrieve(snapshot.id);
      return async (tx) => {
        await applySubscriptionState({ ...deps, db: tx }, userId, current, customerId);
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      // A plan change mid-period is invoiced at once (plan-change.service.ts): its period is the one already
      // running, and its searches are not a new month's.
      if (invoice.billing_reason === 'subscription_update') return null;
      const userId = await userIdFor(deps, idOf(invoice.customer), null);
      const periodEnd = invoicePeriodEnd(invoice);
      if (userId === null || periodEnd === null) return null;
      return (tx) => resetUsageForPeriod({ ...deps, db: tx }, userId, periodEnd);
    }
    default:
      return null;
  }
}

/**
 * A new paid period resets usage; an older or repeated invoice (out of order) never moves the date back: one
 * conditional UPDATE, so a search counted meanwhile is never overwritten by a stale read.
 */
async function resetUsageForPeriod(deps: AppDeps, userId: number, periodEnd: Date) {
  await usersRepo.resetUsageForPeriod(deps.db, userId, periodEnd);
  await announceUserNews(deps, deps.db, [userId], 'account');
}

function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  const line = invoice.lines?.data?.[0];
  const end = line?.period?.end ?? invoice.period_end;
  return typeof end === 'number' && end > 0 ? new Date(end * 1000) : null;
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/** The customer id is authoritative; metadata userId is used only for a user with no customer yet. */
async function userIdFor(
  deps: AppDeps,
  customerId: string | null,
  metadataUserId: string | null | undefined,
): Promise<number | null> {
  if (customerId) {
    const byCustomer = await billingRepo.userByStripeCustomer(deps.db, customerId);
    if (byCustomer) return byCustomer.id;
  }
  const id = Number(metadataUserId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const user = await usersRepo.getById(deps.db, id);
  if (!user || (user.stripeCustomerId && customerId && user.stripeCustomerId !== customerId)) return null;
  return user.id;
}
