import Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { expect, startServer, test, type LootServer } from './fixtures';

/**
 * The plan page with Stripe configured: the server's official stripe SDK talks to a local server that speaks Stripe's
 * wire format (STRIPE_API_BASE), so checkout, the payment return page and the webhook run for real, end to end.
 */
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  STRIPE_PRICE_BASIC: 'price_basic',
  STRIPE_PRICE_LIGHT: 'price_light',
  STRIPE_PRICE_PRO: 'price_pro',
};

test.describe('Stripe mode', () => {
  let fake: FakeStripe;
  let server: LootServer;

  test.beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startServer({ ...STRIPE_ENV, STRIPE_API_BASE: `http://127.0.0.1:${fake.connection.port}` });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test('Upgrade starts a Checkout session; the return page confirms it and the plan follows; a webhook ends it', async ({
    page,
  }) => {
    await page.goto(`${server.url}/api/dev-login`);
    await page.goto(`${server.url}/billing`);
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
    await expect(page.getByTestId('self-hosted-note')).toHaveCount(0);

    // Stripe's hosted page is out of reach here: the redirect is caught and answered locally.
    await page.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout (test)</h1>' }),
    );
    await page.getByTestId('plan-Light').getByRole('button', { name: 'Upgrade' }).click();
    await page
      .getByRole('dialog', { name: 'Upgrade to Light?' })
      .getByRole('button', { name: 'Continue to payment' })
      .click();
    await expect(page.getByRole('heading', { name: 'Stripe Checkout (test)' })).toBeVisible();
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;

    const created = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(created.form.get('line_items[0][price]')).toBe('price_light');
    expect(created.form.get('mode')).toBe('subscription');
    expect(created.form.get('success_url')).toBe(`${server.url}/billing-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(created.form.get('cancel_url')).toBe(`${server.url}/billing`);
    const me = await (await page.request.get(`${server.url}/api/current-user`)).json();
    expect(me.plan_id).toBe(1);

    // The customer pays: Stripe now reports the session complete with an active subscription.
    const customer = created.form.get('customer')!;
    fake.subscriptions.set('sub_e2e', { id: 'sub_e2e', customer, status: 'active', priceId: 'price_light' });
    Object.assign(fake.checkoutSessions.get(sessionId)!, {
      status: 'complete',
      payment_status: 'paid',
      subscription: 'sub_e2e',
    });

    await page.goto(`${server.url}/billing-success?session_id=${sessionId}`);
    await expect(page.getByText('Payment Successful!')).toBeVisible();
    await expect(page.getByTestId('activated-plan')).toHaveText('Your Light plan has been activated.');
    await expect(page.getByText('Redirecting to dashboard in 3 seconds...')).toBeVisible();
    await page.waitForURL(`${server.url}/`, { timeout: 8000 });
    expect((await (await page.request.get(`${server.url}/api/current-user`)).json()).plan_id).toBe(3);

    // Cancel (confirmed) ends the subscription at the period's end: the plan stays, and the page shows the date.
    const periodEnd = Math.floor(Date.UTC(2031, 5, 15, 12) / 1000);
    fake.subscriptions.get('sub_e2e')!.currentPeriodEnd = periodEnd;
    await page.goto(`${server.url}/billing`);
    const light = page.getByTestId('plan-Light');
    await expect(light.getByText('Current Plan')).toBeVisible();
    await light.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your Light plan?' })
      .getByRole('button', { name: 'Cancel plan' })
      .click();
    await expect(light.getByTestId('plan-ends')).toHaveText('Cancelled: your plan ends on June 15, 2031');
    await expect(light.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    const cancelCall = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_e2e')!;
    expect(cancelCall.form.get('cancel_at_period_end')).toBe('true');
    await page.reload();
    await expect(light.getByTestId('plan-ends')).toHaveText('Cancelled: your plan ends on June 15, 2031');
    expect((await (await page.request.get(`${server.url}/api/current-user`)).json()).plan_id).toBe(3);

    // Stripe later says the subscription ended; the signed webhook puts the user back on Free.
    fake.subscriptions.get('sub_e2e')!.status = 'canceled';
    const payload = JSON.stringify({
      id: 'evt_e2e_deleted',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: {
        object: {
          id: 'sub_e2e',
          object: 'subscription',
          customer,
          status: 'canceled',
          metadata: {},
          items: { object: 'list', data: [] },
        },
      },
    });
    const signature = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    });
    const hook = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(hook.status).toBe(200);
    expect((await (await page.request.get(`${server.url}/api/current-user`)).json()).plan_id).toBe(1);
    const forged = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: payload.replace('deleted', 'created'),
    });
    expect(forged.status).toBe(400);
  });
});
