import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { billingConfig, paymentSession, planChangePreview, publicPlan, redirectUrl, type PublicPlan } from '#shared/schemas/billing';
import { apiJson } from './api-client';
import { billingKeys } from './billing-keys';
import { currentUserSchema, type CurrentUser } from './wire';

/**
 * The plan page's reads and the billing calls (spec accounts §7): GET /api/plans, GET /api/billing/config,
 * PATCH /api/user/plan (self-hosted mode), the three Stripe calls and the checkout-session lookup.
 */

const planList = z.array(publicPlan);

export const plansQuery = () =>
  queryOptions({
    queryKey: billingKeys.plans(),
    queryFn: async ({ signal }): Promise<PublicPlan[]> => planList.parse(await apiJson('GET', '/api/plans', undefined, { signal })),
  });

export function usePlans() {
  return useQuery(plansQuery());
}

/** Whether this server takes payments (Stripe keys set) or runs in self-hosted mode. */
export const billingConfigQuery = () =>
  queryOptions({
    queryKey: billingKeys.config(),
    queryFn: async ({ signal }) => billingConfig.parse(await apiJson('GET', '/api/billing/config', undefined, { signal })),
  });

export function useBillingConfig() {
  return useQuery(billingConfigQuery());
}

/** Self-hosted mode only: the plan changes at once (spec §7: cancel sets 1). */
export async function switchPlan(planId: number): Promise<CurrentUser> {
  return currentUserSchema.parse(await apiJson('PATCH', '/api/user/plan', { planId }));
}

/** A Stripe Checkout session for a paid plan; the browser goes to its url. */
export async function createCheckoutSession(planId: number): Promise<string> {
  return redirectUrl.parse(await apiJson('POST', '/api/stripe/create-checkout-session', { planId })).url;
}

/** The Stripe customer portal (cancel, card, invoices); the browser goes to its url. */
export async function createPortalSession(): Promise<string> {
  return redirectUrl.parse(await apiJson('POST', '/api/stripe/create-portal-session', {})).url;
}

/** Cancels the caller's Stripe subscription at the end of the paid period; answers the user with plan_ends_at. */
export async function cancelSubscription(): Promise<CurrentUser> {
  return currentUserSchema.parse(await apiJson('POST', '/api/stripe/cancel-subscription', {}));
}

/**
 * Stripe's preview of changing the live subscription to a plan: what is charged or credited now, and when the new
 * price renews. Read fresh each time the confirmation opens (the proration runs by the second).
 */
export const planChangePreviewQuery = (planId: number) =>
  queryOptions({
    queryKey: billingKeys.changePreview(planId),
    queryFn: async ({ signal }) => planChangePreview.parse(await apiJson('POST', '/api/stripe/preview-plan-change', { planId }, { signal })),
    staleTime: 0,
    gcTime: 0,
  });

export function usePlanChangePreview(planId: number, enabled: boolean) {
  return useQuery({ ...planChangePreviewQuery(planId), enabled });
}

/** Changes the price of the caller's live subscription in place (up or down), as of the preview's proration date. */
export async function upgradeSubscription(planId: number, prorationDate?: number): Promise<CurrentUser> {
  return currentUserSchema.parse(await apiJson('POST', '/api/stripe/upgrade-subscription', { planId, ...(prorationDate ? { prorationDate } : {}) }));
}

/** GET /api/stripe/session/{id}; spec §8: a failure is thrown as 'Failed to fetch session'. */
export async function fetchPaymentSession(sessionId: string, signal?: AbortSignal) {
  try {
    return paymentSession.parse(await apiJson('GET', `/api/stripe/session/${encodeURIComponent(sessionId)}`, undefined, { signal }));
  } catch (err) {
    throw new Error('Failed to fetch session', { cause: err });
  }
}

export const paymentSessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.session(sessionId),
    queryFn: ({ signal }) => fetchPaymentSession(sessionId, signal),
  });
