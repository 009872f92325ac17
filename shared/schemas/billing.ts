import { z } from 'zod';

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
