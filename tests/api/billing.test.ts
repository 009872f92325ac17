import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../api/billing/stripe-client';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { applySubscriptionState } from '../../api/services/billing.service';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_loot',
  STRIPE_WEBHOOK_SECRET: 'whsec_loot_test',
  STRIPE_PRICE_BASIC: 'price_basic',
  STRIPE_PRICE_LIGHT: 'price_light',
  STRIPE_PRICE_PRO: 'price_pro',
};

describe('plans and self-hosted billing (no STRIPE_SECRET_KEY)', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('lists the four plans in order with prices, limits and flags', async () => {
    t = await createTestApp();
    const plans = await (await t.call('GET', '/api/plans')).json();
    expect(plans.map((p: { name: string }) => p.name)).toEqual(['Free', 'Basic', 'Light', 'Pro']);
    expect(plans.find((p: { name: string }) => p.name === 'Light').isPopular).toBe(true);
    expect(plans.find((p: { name: string }) => p.name === 'Pro').monthly_limit).toBe(-1);
    expect(plans.find((p: { name: string }) => p.name === 'Free')).toMatchObject({ price: 0, hasButton: false });
    expect(await (await t.call('GET', '/api/billing/config')).json()).toEqual({ stripeEnabled: false });
  });

  it('switches plans directly through PATCH /api/user/plan, limit following the plan', async () => {
    t = await createTestApp();
    const { user, cookie } = await t.signIn();
    const res = await t.call('PATCH', '/api/user/plan', { cookie, json: { planId: 4 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ plan_id: 4, monthly_limit: -1 });
    const cancel = await t.call('PATCH', '/api/user/plan', { cookie, json: { planId: 1 } });
    expect(await cancel.json()).toMatchObject({ plan_id: 1, monthly_limit: 5 });
    expect((await usersRepo.getById(t.db, user.id))?.planId).toBe(1);
  });

  it('refuses unknown plans, guests, and the Stripe calls, writing nothing', async () => {
    t = await createTestApp();
    const { user, cookie } = await t.signIn();
    expect((await t.call('PATCH', '/api/user/plan', { cookie, json: { planId: 9 } })).status).toBe(400);
    expect((await t.call('PATCH', '/api/user/plan', { cookie, json: { planId: 'pro' } })).status).toBe(400);
    expect((await t.call('PATCH', '/api/user/plan', { json: { planId: 2 } })).status).toBe(401);
    const checkout = await t.call('POST', '/api/stripe/create-checkout-session', { cookie, json: { planId: 2 } });
    expect(checkout.status).toBe(409);
    expect((await checkout.json()).error.code).toBe('stripe_disabled');
    expect((await usersRepo.getById(t.db, user.id))?.planId).toBe(1);
  });
});

describe('Stripe billing through the official SDK against a local Stripe-speaking server', () => {
  let t: TestApp;
  let fake: FakeStripe;
  const clock = testClock();

  beforeEach(async () => {
    fake = await startFakeStripe();
    const stripe = createStripeClient({ STRIPE_SECRET_KEY: STRIPE_ENV.STRIPE_SECRET_KEY }, fake.connection);
    t = await createTestApp({ env: STRIPE_ENV, clock, extraDeps: { stripe } });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  it('creates a checkout session with the plan price, the customer, and the return URLs', async () => {
    const { user, cookie } = await t.signIn('buyer@example.com');
    const res = await t.call('POST', 'http://loot.test/api/stripe/create-checkout-session', {
      cookie,
      json: { planId: 3 },
    });
    expect(res.status).toBe(200);
    const { url } = await res.json();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/cs_/);

    const customerCall = fake.requests.find((r) => r.path === '/v1/customers')!;
    expect(customerCall.form.get('email')).toBe('buyer@example.com');
    expect(customerCall.authorization).toBe('Bearer sk_test_loot');
    const sessionCall = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(sessionCall.form.get('mode')).toBe('subscription');
    expect(sessionCall.form.get('line_items[0][price]')).toBe('price_light');
    expect(sessionCall.form.get('customer')).toMatch(/^cus_/);
    expect(sessionCall.form.get('client_reference_id')).toBe(String(user.id));
    expect(sessionCall.form.get('success_url')).toBe(
      'http://loot.test/billing-success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(sessionCall.form.get('cancel_url')).toBe('http://loot.test/billing');
    // The plan does not change until Stripe says so.
    expect(await usersRepo.getById(t.db, user.id)).toMatchObject({
      planId: 1,
      stripeCustomerId: sessionCall.form.get('customer'),
    });
  });

  it('opens the customer portal for a user with a Stripe customer, and refuses one without', async () => {
    const { user, cookie } = await t.signIn();
    expect((await t.call('POST', '/api/stripe/create-portal-session', { cookie, json: {} })).status).toBe(409);
    await usersRepo.update(t.db, user.id, { stripeCustomerId: 'cus_portal' });
    const res = await t.call('POST', 'http://loot.test/api/stripe/create-portal-session', { cookie, json: {} });
    expect(res.status).toBe(200);
    expect((await res.json()).url).toMatch(/^https:\/\/billing\.stripe\.test\/p\//);
    const call = fake.requests.find((r) => r.path === '/v1/billing_portal/sessions')!;
    expect(call.form.get('customer')).toBe('cus_portal');
    expect(call.form.get('return_url')).toBe('http://loot.test/billing');
  });

  it('confirms a completed checkout session of the caller and applies the subscription Stripe reports', async () => {
    const { user, cookie } = await t.signIn();
    const { url } = await (
      await t.call('POST', '/api/stripe/create-checkout-session', { cookie, json: { planId: 4 } })
    ).json();
    const sessionId = url.split('/').pop();
    expect(await (await t.call('GET', `/api/stripe/session/${sessionId}`, { cookie })).json()).toEqual({
      success: false,
      planName: null,
    });

    const customer = (await usersRepo.getById(t.db, user.id))!.stripeCustomerId!;
    fake.subscriptions.set('sub_pro', { id: 'sub_pro', customer, status: 'active', priceId: 'price_pro' });
    Object.assign(fake.checkoutSessions.get(sessionId)!, {
      status: 'complete',
      payment_status: 'paid',
      subscription: 'sub_pro',
    });
    const confirmed = await t.call('GET', `/api/stripe/session/${sessionId}`, { cookie });
    expect(await confirmed.json()).toEqual({ success: true, planName: 'Pro' });
    expect(await usersRepo.getById(t.db, user.id)).toMatchObject({
      planId: 4,
      monthlyLimit: -1,
      stripeSubscriptionId: 'sub_pro',
    });

    const other = await t.signIn();
    expect((await t.call('GET', `/api/stripe/session/${sessionId}`, { cookie: other.cookie })).status).toBe(404);
  });

  it('upgrades an active subscription in place', async () => {
    const { user, cookie } = await t.signIn();
    await usersRepo.update(t.db, user.id, {
      stripeCustomerId: 'cus_up',
      stripeSubscriptionId: 'sub_up',
      planId: 2,
      monthlyLimit: 40,
    });
    fake.subscriptions.set('sub_up', {
      id: 'sub_up',
      customer: 'cus_up',
      status: 'active',
      priceId: 'price_basic',
      itemId: 'si_up',
    });
    const res = await t.call('POST', '/api/stripe/upgrade-subscription', { cookie, json: { planId: 3 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ plan_id: 3, monthly_limit: 150 });
    const update = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_up')!;
    expect(update.form.get('items[0][id]')).toBe('si_up');
    expect(update.form.get('items[0][price]')).toBe('price_light');
  });

  it('cancels at the end of the paid period: the plan stays until then, and its end date is on the user', async () => {
    const { user, cookie } = await t.signIn();
    expect((await t.call('POST', '/api/stripe/cancel-subscription', { cookie, json: {} })).status).toBe(409);
    const periodEnd = Math.floor(clock.now().getTime() / 1000) + 12 * 86_400;
    await usersRepo.update(t.db, user.id, {
      stripeCustomerId: 'cus_cx',
      stripeSubscriptionId: 'sub_cx',
      planId: 4,
      monthlyLimit: -1,
    });
    fake.subscriptions.set('sub_cx', {
      id: 'sub_cx',
      customer: 'cus_cx',
      status: 'active',
      priceId: 'price_pro',
      currentPeriodEnd: periodEnd,
    });
    const res = await t.call('POST', '/api/stripe/cancel-subscription', { cookie, json: {} });
    expect(res.status).toBe(200);
    const endsAt = new Date(periodEnd * 1000).toISOString();
    expect(await res.json()).toMatchObject({ plan_id: 4, monthly_limit: -1, plan_ends_at: endsAt });
    const call = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_cx')!;
    expect(call.form.get('cancel_at_period_end')).toBe('true');
    expect(await (await t.call('GET', '/api/current-user', { cookie })).json()).toMatchObject({
      plan_id: 4,
      plan_ends_at: endsAt,
    });

    // At the period's end Stripe ends the subscription: back to Free, no end date left.
    fake.subscriptions.get('sub_cx')!.status = 'canceled';
    const stripe = createStripeClient({ STRIPE_SECRET_KEY: STRIPE_ENV.STRIPE_SECRET_KEY }, fake.connection);
    await applySubscriptionState(t.deps, user.id, await stripe!.subscriptions.retrieve('sub_cx'));
    expect(await usersRepo.getById(t.db, user.id)).toMatchObject({
      planId: 1,
      planEndsAt: null,
      stripeSubscriptionId: null,
    });
  });

  it('refuses the self-hosted plan switch while Stripe is configured', async () => {
    const { user, cookie } = await t.signIn();
    const res = await t.call('PATCH', '/api/user/plan', { cookie, json: { planId: 4 } });
    expect(res.status).toBe(409);
    expect((await usersRepo.getById(t.db, user.id))?.planId).toBe(1);
  });

  describe('webhook', () => {
    const stripeForSigning = new Stripe('sk_test_signing_only');
    function signed(event: Record<string, unknown>, opts: { secret?: string; timestamp?: number } = {}) {
      const payload = JSON.stringify(event);
      const header = stripeForSigning.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
        timestamp: opts.timestamp ?? Math.floor(clock.now().getTime() / 1000),
      });
      return { payload, header };
    }
    function post(event: Record<string, unknown>, opts: { secret?: string; timestamp?: number } = {}) {
      const { payload, header } = signed(event, opts);
      return t.app.request('/api/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header, origin: 'https://stripe.com' },
        body: payload,
      });
    }
    const subscriptionEvent = (id: string, type: string, subId: string, customer: string) => ({
      id,
      object: 'event',
      type,
      data: {
        object: {
          id: subId,
          object: 'subscription',
          customer,
          status: 'active',
          metadata: {},
          items: { object: 'list', data: [] },
        },
      },
    });

    it('applies a signed subscription event, and a replay of it has no second effect', async () => {
      const { user } = await t.signIn();
      await usersRepo.update(t.db, user.id, { stripeCustomerId: 'cus_w' });
      fake.subscriptions.set('sub_w', { id: 'sub_w', customer: 'cus_w', status: 'active', priceId: 'price_light' });
      const event = subscriptionEvent('evt_1', 'customer.subscription.created', 'sub_w', 'cus_w');
      const first = await post(event);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true });
      expect(await usersRepo.getById(t.db, user.id)).toMatchObject({ planId: 3, stripeSubscriptionId: 'sub_w' });

      // The user moves to Pro by another path; replaying evt_1 must not put them back on Light.
      await usersRepo.update(t.db, user.id, { planId: 4, monthlyLimit: -1 });
      const replay = await post(event);
      expect(await replay.json()).toEqual({ received: true, duplicate: true });
      expect((await usersRepo.getById(t.db, user.id))?.planId).toBe(4);
    });

    it('rejects a bad signature and a stale timestamp with 400, changing nothing', async () => {
      const { user } = await t.signIn();
      await usersRepo.update(t.db, user.id, { stripeCustomerId: 'cus_bad' });
      fake.subscriptions.set('sub_bad', { id: 'sub_bad', customer: 'cus_bad', status: 'active', priceId: 'price_pro' });
      const bad = await post(subscriptionEvent('evt_bad', 'customer.subscription.updated', 'sub_bad', 'cus_bad'), {
        secret: 'whsec_wrong',
      });
      expect(bad.status).toBe(400);
      const stale = await post(subscriptionEvent('evt_stale', 'customer.subscription.updated', 'sub_bad', 'cus_bad'), {
        timestamp: Math.floor(clock.now().getTime() / 1000) - 301,
      });
      expect(stale.status).toBe(400);
      // Signed more than 5 minutes ahead of our clock: refused like a stale one (stripe-node only checks the past).
      const future = await post(
        subscriptionEvent('evt_future', 'customer.subscription.updated', 'sub_bad', 'cus_bad'),
        {
          timestamp: Math.floor(clock.now().getTime() / 1000) + 301,
        },
      );
      expect(future.status).toBe(400);
      const unsigned = await t.app.request('/api/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(unsigned.status).toBe(400);
      expect((await usersRepo.getById(t.db, user.id))?.planId).toBe(1);
      expect((await t.sql('select count(*) n from stripe_events'))[0]).toEqual({ n: 0 });
    });

    it('refuses a Stripe-Signature with more than one timestamp, and judges the future by the timestamp the SDK verified', async () => {
      const { user } = await t.signIn();
      await usersRepo.update(t.db, user.id, { stripeCustomerId: 'cus_two_t' });
      fake.subscriptions.set('sub_two_t', {
        id: 'sub_two_t',
        customer: 'cus_two_t',
        status: 'active',
        priceId: 'price_pro',
      });
      const now = Math.floor(clock.now().getTime() / 1000);
      const send = (payload: string, header: string) =>
        t.app.request('/api/stripe/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header, origin: 'https://stripe.com' },
          body: payload,
        });
      // Signed an hour ahead; a current t= in front of it (stripe-node verifies with the last t=, the app used to
      // judge the future by the first).
      const ahead = signed(subscriptionEvent('evt_two_t', 'customer.subscription.updated', 'sub_two_t', 'cus_two_t'), {
        timestamp: now + 3600,
      });
      const twoTimestamps = await send(ahead.payload, `t=${now},${ahead.header}`);
      expect(twoTimestamps.status).toBe(400);
      // The same with the current one signed and last, and with a repeated identical t=: still more than one.
      const current = signed(
        subscriptionEvent('evt_two_t2', 'customer.subscription.updated', 'sub_two_t', 'cus_two_t'),
      );
      expect((await send(current.payload, `t=${now + 3600},${current.header}`)).status).toBe(400);
      expect((await send(current.payload, `t=${now},${current.header}`)).status).toBe(400);
      expect((await send(current.payload, ` t=${now + 3600},${current.header}`)).status).toBe(400);
      expect((await usersRepo.getById(t.db, user.id))?.planId).toBe(1);
      expect((await t.sql('select count(*) n from stripe_events'))[0]).toEqual({ n: 0 });
      // One t=, signed and current: accepted, so the refusals above are about the second timestamp.
      expect((await send(current.payload, current.header)).status).toBe(200);
      expect((await usersRepo.getById(t.db, user.id))?.planId).toBe(4);
    });

    it('tolerates out-of-order events: an old "updated" arriving after "deleted" leaves the user on Free', async () => {
      const { user } = await t.signIn();
      await usersRepo.update(t.db, user.id, {
        stripeCustomerId: 'cus_o',
        stripeSubscriptionId: 'sub_o',
        planId: 2,
        monthlyLimit: 40,
      });
      fake.subscriptions.set('sub_o', { id: 'sub_o', customer: 'cus_o', status: 'canceled', priceId: 'price_basic' });
      await post(subscriptionEvent('evt_del', 'customer.subscription.deleted', 'sub_o', 'cus_o'));
      expect(await usersRepo.getById(t.db, user.id)).toMatchObject({
        planId: 1,
        monthlyLimit: 5,
        stripeSubscriptionId: null,
      });
      // The earlier "updated to Pro" event is delivered late; Stripe's current state is still canceled.
      await post(subscriptionEvent('evt_old_update', 'customer.subscription.updated', 'sub_o', 'cus_o'));
      expect((await usersRepo.getById(t.db, user.id))?.planId).toBe(1);
    });

    it('checkout.session.completed puts the buyer on the bought plan', async () => {
      const { user } = await t.signIn();
      fake.subscriptions.set('sub_c', { id: 'sub_c', customer: 'cus_c', status: 'active', priceId: 'price_basic' });
      const res = await post({
        id: 'evt_checkout',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_x',
            object: 'checkout.session',
            customer: 'cus_c',
            subscription: 'sub_c',
            client_reference_id: String(user.id),
            metadata: {},
          },
        },
      });
      expect(res.status).toBe(200);
      expect(await usersRepo.getById(t.db, user.id)).toMatchObject({
        planId: 2,
        stripeCustomerId: 'cus_c',
        stripeSubscriptionId: 'sub_c',
      });
    });

    it('invoice.paid for a new period resets usage; an older invoice does not', async () => {
      const { user } = await t.signIn();
      const reset = (await usersRepo.getById(t.db, user.id))!.usageResetDate;
      await usersRepo.update(t.db, user.id, { stripeCustomerId: 'cus_i', usageCount: 4 });
      const invoice = (id: string, end: Date) => ({
        id,
        object: 'event',
        type: 'invoice.paid',
        data: {
          object: {
            id: `in_${id}`,
            object: 'invoice',
            customer: 'cus_i',
            period_end: 0,
            lines: { object: 'list', data: [{ period: { start: 0, end: Math.floor(end.getTime() / 1000) } }] },
          },
        },
      });
      await post(invoice('evt_old_inv', new Date(reset.getTime() - 86_400_000)));
      expect((await usersRepo.getById(t.db, user.id))?.usageCount).toBe(4);
      const next = new Date(reset.getTime() + 30 * 86_400_000);
      await post(invoice('evt_new_inv', next));
      expect(await usersRepo.getById(t.db, user.id)).toMatchObject({
        usageCount: 0,
        usageResetDate: new Date(Math.floor(next.getTime() / 1000) * 1000),
      });
    });
  });
});
