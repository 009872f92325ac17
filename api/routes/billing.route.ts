import { Hono } from 'hono';
import { z } from 'zod';
import { planChangeBody, planIdBody, teamImpactQuery } from '#shared/schemas/billing';
import { handleStripeWebhook } from '../billing/webhook.service';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { resourceIsolation } from '../middleware/resource-isolation';
import { currentUser, requireUser } from '../middleware/session';
import { publicOrigin } from '../net/public-origin';
import {
  cancelSubscriptionAtPeriodEnd,
  confirmCheckoutSession,
  createCheckoutSession,
  createPortalSession,
  listPublicPlans,
  switchPlanSelfHosted,
} from '../services/billing.service';
import { changeSubscriptionPlan, previewSubscriptionChange } from '../services/plan-change.service';
import { teamImpact } from '../services/team-plan.service';
import { validate } from '../validation';
import { toPublicUser } from '#shared/schemas/user';

const sessionIdParam = z.object({
  sessionId: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/),
});

/** Plans (public), the self-hosted plan switch, and the Stripe calls (spec accounts §7). */
export function billingRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/plans', async (c) => c.json(await listPublicPlans(deps)))
      .get('/billing/config', (c) => c.json({ stripeEnabled: !!deps.stripe }))
      // What a move to this plan costs the people on the caller's boards (the cancel and plan-change dialogs say it).
      .get('/billing/team-impact', requireUser, validate('query', teamImpactQuery), async (c) =>
        c.json(await teamImpact(deps, currentUser(c), c.req.valid('query').planId)),
      )
      .patch('/user/plan', requireUser, validate('json', planIdBody), async (c) => {
        const user = await switchPlanSelfHosted(deps, currentUser(c), c.req.valid('json').planId);
        return c.json(toPublicUser(user));
      })
      .post('/stripe/create-checkout-session', requireUser, validate('json', planIdBody), async (c) =>
        c.json(
          await createCheckoutSession(deps, currentUser(c), c.req.valid('json').planId, publicOrigin(c, deps.config)),
        ),
      )
      .post('/stripe/create-portal-session', requireUser, validate('json', z.object({}).strict()), async (c) =>
        c.json(await createPortalSession(deps, currentUser(c), publicOrigin(c, deps.config))),
      )
      .post('/stripe/preview-plan-change', requireUser, validate('json', planIdBody), async (c) =>
        c.json(await previewSubscriptionChange(deps, currentUser(c), c.req.valid('json').planId)),
      )
      // The spec's name; it changes the plan either way (an upgrade or a downgrade), as of the preview's date.
      .post('/stripe/upgrade-subscription', requireUser, validate('json', planChangeBody), async (c) => {
        const { planId, prorationDate } = c.req.valid('json');
        const user = await changeSubscriptionPlan(deps, currentUser(c), planId, prorationDate);
        return c.json(toPublicUser(user));
      })
      .post('/stripe/cancel-subscription', requireUser, validate('json', z.object({}).strict()), async (c) => {
        const user = await cancelSubscriptionAtPeriodEnd(deps, currentUser(c));
        return c.json(toPublicUser(user));
      })
      .get(
        '/stripe/session/:sessionId',
        resourceIsolation(),
        requireUser,
        validate('param', sessionIdParam),
        async (c) => c.json(await confirmCheckoutSession(deps, currentUser(c), c.req.valid('param').sessionId)),
      )
      .post('/stripe/webhook', async (c) => {
        // The raw text, before anything parses it: the signature is over these exact bytes.
        const raw = await c.req.text();
        return c.json(await handleStripeWebhook(deps, raw, c.req.header('stripe-signature')));
      })
  );
}
