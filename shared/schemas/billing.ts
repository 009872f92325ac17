import { z } from 'zod';
import { positiveId } from './common';

/** A plan id in a JSON body: a JSON integer only (`true`, `"0x4"` and `[2]` are 400s). */
export const planIdBody = z.object({ planId: z.number().int().min(1).max(1000) });

/** GET /api/plans item: the spec's {id, name, price, monthly_limit} plus what the plan page shows. */
export const publicPlan = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  monthly_limit: z.number(),
  isPopular: z.boolean(),
  tagline: z.string(),
  hasButton: z.boolean(),
});
export type PublicPlan = z.infer<typeof publicPlan>;

export const billingConfig = z.object({ stripeEnabled: z.boolean() });
export const redirectUrl = z.object({ url: z.string() });
export const paymentSession = z.object({ success: z.boolean(), planName: z.string().nullable() });

/**
 * POST /api/stripe/upgrade-subscription: the plan, and the proration date of the price preview the user saw, so
 * Stripe charges (or credits) exactly the amount the confirmation showed.
 */
export const planChangeBody = planIdBody.extend({ prorationDate: z.number().int().positive().optional() });

/**
 * POST /api/stripe/preview-plan-change: what a change of a live subscription costs now and what renews at the
 * period's end, from Stripe's invoice preview. Amounts are in cents.
 */
export const planChangePreview = z.object({
  planId: z.number().int(),
  /** Unix seconds the proration is worked out for; sent back with the change. */
  prorationDate: z.number().int(),
  /** The prorated difference: charged now when positive, credited to the next invoices when negative. */
  prorationAmount: z.number().int(),
  /** What the card is charged now (after any credit already on the account). */
  amountDueNow: z.number().int(),
  currency: z.string(),
  /** When the period paid for ends and the new price renews (ISO); null when Stripe does not say. */
  periodEnd: z.string().datetime().nullable(),
  /** The new plan's monthly price from then on. */
  renewalPrice: z.number().int(),
});
export type PlanChangePreview = z.infer<typeof planChangePreview>;

/**
 * GET /api/billing/team-impact?planId=: what moving to `planId` costs the people on the caller's boards. `members`:
 * the distinct people on the caller's boards; `boards`: those boards; `lockedSections`: the sections on them that the
 * plan locks (the free plan's lock, decided as the move would decide it: none on a paid plan); `overLimitBoards`:
 * those boards with more people, the owner included, than the plan allows (they stay; no one new may join).
 */
export const teamImpactQuery = z.object({ planId: positiveId }).strict();
export const teamImpact = z.object({
  planId: z.number().int(),
  members: z.number().int().nonnegative(),
  boards: z.number().int().nonnegative(),
  lockedSections: z.number().int().nonnegative(),
  overLimitBoards: z.number().int().nonnegative(),
});
export type TeamImpact = z.infer<typeof teamImpact>;
