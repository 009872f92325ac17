import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../api/billing/stripe-client';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { PREVIEW_VALID_S } from '../../api/services/plan-change.service';
import { prorate, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_loot',
  STRIPE_WEBHOOK_SECRET: 'whsec_loot_test',
  STRIPE_PRICE_BASIC: 'price_basic',
  STRIPE_PRICE_LIGHT: 'price_light',
  STRIPE_PRICE_PRO: 'price_pro',
};
const DAY_S = 86_400;

/**
 * A change of a live subscription is previewed first (Stripe's invoice preview), then made as of
 * the preview's proration date, at once in both directions (docs/decisions/0011-plan-changes.md).
 */
describe('plan changes of a live Stripe subscription', () => {
  let t: TestApp;
  let fake: FakeStripe;
  const clock = testClock();
  const now = () => Math.floor(clock.now().getTime() / 1000);

  beforeEach(async () => {
    clock.set(new Date('2026-01-15T10:00:00Z'));
    fake = await startFakeStripe();
    const stripe = createStripeClient({ STRIPE_SECRET_KEY: STRIPE_ENV.STRIPE_SECRET_KEY }, fake.connection);
    t = await createTestApp({ env: STRIPE_ENV, clock, extraDeps: { stripe } });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  /** A user on Light, ten days into a thirty-day period. */
  async function onLight(extra: { cardDeclines?: boolean; cancelAtPeriodEnd?: boolean } = {}) {
    const { user, cookie } = await t.signIn();
    await usersRepo.update(t.db, user.id, {
      stripeCustomerId: `cus_${user.id}`,
      stripeSubscriptionId: `sub_${user.id}`,
      planId: 3,
      monthlyLimit: 150,
    });
    fake.subscriptions.set(`sub_${user.id}`, {
      id: `sub_${user.id}`,
      customer: `cus_${user.id}`,
      status: 'active',
      priceId: 'price_light',
      itemId: `si_${user.id}`,
      currentPeriodStart: now() - 10 * DAY_S,
      currentPeriodEnd: now() + 20 * DAY_S,
      ...extra,
    });
    return { user, cookie, sub: fake.subscriptions.get(`sub_${user.id}`)! };
  }

  const preview = (cookie: string, planId: number) =>
    t.call('POST', '/api/stripe/preview-plan-change', { cookie, json: { planId } });
  const change = (cookie: string, json: Record<string, unknown>) =>
    t.call('POST', '/api/stripe/upgrade-subscription', { cookie, json });
  const updates = (subId: string) =>
    fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`);

  it('previews a downgrade as a credit and an upgrade as a charge, from Stripe, with the date the new price renews', async () => {
    const { cookie, sub } = await onLight();
    const expectedCredit = prorate(sub, 'price_basic', now()).reduce((s, l) => s + l.amount, 0);
    expect(expectedCredit).toBeLessThan(0);

    const down = await preview(cookie, 2);
    expect(down.status).toBe(200);
    expect(await down.json()).toEqual({
      planId: 2,
      prorationDate: now(),
      prorationAmount: expectedCredit,
      amountDueNow: 0,
      currency: 'usd',
      periodEnd: new Date((now() + 20 * DAY_S) * 1000).toISOString(),
      renewalPrice: 999,
    });
    const sent = fake.requests.find((r) => r.path === '/v1/invoices/create_preview')!;
    expect(sent.form.get('subscription')).toBe(sub.id);
    expect(sent.form.get('subscription_details[items][0][id]')).toBe(sub.itemId);
    expect(sent.form.get('subscription_details[items][0][price]')).toBe('price_basic');
    expect(sent.form.get('subscription_details[proration_behavior]')).toBe('always_invoice');
    expect(sent.form.get('subscription_details[proration_date]')).toBe(String(now()));

    const up = await (await preview(cookie, 4)).json();
    const expectedCharge = prorate(sub, 'price_pro', now()).reduce((s, l) => s + l.amount, 0);
    expect(up).toMatchObject({
      planId: 4,
      prorationAmount: expectedCharge,
      amountDueNow: expectedCharge,
      renewalPrice: 4999,
    });
    expect(expectedCharge).toBeGreaterThan(0);
    // A preview changes nothing.
    expect(updates(sub.id)).toHaveLength(0);
    expect(sub.priceId).toBe('price_light');
  });

  it('a downgrade takes effect at once, as of the preview the user saw', async () => {
    const { user, cookie, sub } = await onLight();
    const { prorationDate } = await (await preview(cookie, 2)).json();
    clock.advance(90_000);
    const res = await change(cookie, { planId: 2, prorationDate });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ plan_id: 2, monthly_limit: 40, plan_ends_at: null });
    const [update] = updates(sub.id);
    expect(update.form.get('items[0][id]')).toBe(sub.itemId);
    expect(update.form.get('items[0][price]')).toBe('price_basic');
    expect(update.form.get('proration_date')).toBe(String(prorationDate));
    expect(update.form.get('proration_behavior')).toBe('always_invoice');
    expect(update.form.get('payment_behavior')).toBe('pending_if_incomplete');
    expect(update.form.get('cancel_at_period_end')).toBeNull();
    expect(await usersRepo.getById(t.db, user.id)).toMatchObject({ planId: 2, monthlyLimit: 40 });
  });

  it('refuses a preview older than its validity, a plan already held, and a user without a subscription, changing nothing', async () => {
    const { user, cookie, sub } = await onLight();
    const { prorationDate } = await (await preview(cookie, 4)).json();
    clock.advance((PREVIEW_VALID_S + 1) * 1000);
    const stale = await change(cookie, { planId: 4, prorationDate });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error).toEqual({
      code: 'preview_expired',
      message: 'The price shown is out of date; please review the change again',
    });
    const future = await change(cookie, { planId: 4, prorationDate: now() + 3600 });
    expect(future.status).toBe(409);

    const same = await preview(cookie, 3);
    expect(same.status).toBe(409);
    expect((await same.json()).error.message).toBe('You are already on the Light plan');
    expect((await preview(cookie, 1)).status).toBe(400);
    expect((await change(cookie, { planId: 4, prorationDate: 'soon' })).status).toBe(400);
    expect(updates(sub.id)).toHaveLength(0);
    expect((await usersRepo.getById(t.db, user.id))?.planId).toBe(3);

    const free = await t.signIn();
    const noSub = await preview(free.cookie, 2);
    expect(noSub.status).toBe(409);
    expect((await noSub.json()).error.code).toBe('no_subscription');
    expect((await t.call('POST', '/api/stripe/preview-plan-change', { json: { planId: 2 } })).status).toBe(401);
  });

  it('a declined card leaves the plan as it was and says so (402)', async () => {
    const { user, cookie, sub } = await onLight({ cardDeclines: true });
    const { prorationDate } = await (await preview(cookie, 4)).json();
    const res = await change(cookie, { planId: 4, prorationDate });
    expect(res.status).toBe(402);
    expect((await res.json()).error.message).toMatch(
      /^The payment for this change did not go through, so your plan has not changed\./,
    );
    expect(sub.priceId).toBe('price_light');
    expect(await usersRepo.getById(t.db, user.id)).toMatchObject({ planId: 3, monthlyLimit: 150 });
    // A downgrade owes nothing, so the same card does not stand in its way.
    expect((await change(cookie, { planId: 2, prorationDate })).status).toBe(200);
  });

  it('switching a cancelled plan keeps the subscription going', async () => {
    const { user, cookie, sub } = await onLight();
    await t.call('POST', '/api/stripe/cancel-subscription', { cookie, json: {} });
    expect((await usersRepo.getById(t.db, user.id))?.planEndsAt).not.toBeNull();
    const res = await change(cookie, { planId: 4 });
    expect(await res.json()).toMatchObject({ plan_id: 4, plan_ends_at: null });
    expect(updates(sub.id).at(-1)!.form.get('cancel_at_period_end')).toBe('false');
  });

  it('the invoice of a plan change (billing_reason subscription_update) does not start a new month of searches', async () => {
    const { user } = await onLight();
    await usersRepo.update(t.db, user.id, { usageCount: 7 });
    const reset = (await usersRepo.getById(t.db, user.id))!.usageResetDate;
    const periodEnd = Math.floor(reset.getTime() / 1000) + 40 * DAY_S;
    const event = (id: string, billingReason: string) => ({
      id,
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: `in_${id}`,
          object: 'invoice',
          customer: `cus_${user.id}`,
          billing_reason: billingReason,
          period_end: 0,
          lines: { object: 'list', data: [{ period: { start: now(), end: periodEnd } }] },
        },
      },
    });
    const post = (body: Record<string, unknown>) => {
      const payload = JSON.stringify(body);
      const header = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
        timestamp: now(),
      });
      return t.app.request('/api/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
    };
    expect(await (await post(event('evt_change', 'subscription_update'))).json()).toEqual({
      received: true,
      ignored: true,
    });
    expect((await usersRepo.getById(t.db, user.id))?.usageCount).toBe(7);
    await post(event('evt_cycle', 'subscription_cycle'));
    expect((await usersRepo.getById(t.db, user.id))?.usageCount).toBe(0);
  });

  it('self-hosted mode has no preview', async () => {
    const selfHosted = await createTestApp();
    try {
      const { cookie } = await selfHosted.signIn();
      const res = await selfHosted.call('POST', '/api/stripe/preview-plan-change', { cookie, json: { planId: 2 } });
      expect(res.status).toBe(409);
      expect((await res.json()).error.code).toBe('stripe_disabled');
    } finally {
      await selfHosted.close();
    }
  });
});
