import Stripe from 'stripe';
import { CATALOGUES } from '#shared/messages/catalogues/index';
import { formatResetDate } from '#shared/usage-dates';
import { prorate, startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { currentUser, signUpAs } from './account-fixtures';
import { toast } from './board-fixtures';
import { holdRequests } from './engine-fixtures';
import { expect, startServer, test, type LootServer } from './fixtures';

/**
 * Plan changes with Stripe configured (the server's official SDK against tests/helpers/fake-stripe.ts): a
 * change of a live subscription asks first, with Stripe's invoice preview of what is charged or credited now, the
 * limits before and after, and what renews at the period's end; it is named by its direction; and the plan page
 * follows it at once, without a reload (item 2).
 */
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  STRIPE_PRICE_BASIC: 'price_basic',
  STRIPE_PRICE_LIGHT: 'price_light',
  STRIPE_PRICE_PRO: 'price_pro',
};
const DAY_S = 86_400;

test.describe('plan changes in Stripe mode', () => {
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

  /** The user's subscription, as Stripe announces it: a live one on `priceId`, then its signed webhook. */
  async function subscribe(userId: number, priceId: string) {
    const now = Math.floor(Date.now() / 1000);
    const id = `sub_pc_${userId}`;
    const customer = `cus_pc_${userId}`;
    fake.subscriptions.set(id, {
      id,
      customer,
      status: 'active',
      priceId,
      itemId: `si_pc_${userId}`,
      currentPeriodStart: now - 10 * DAY_S,
      currentPeriodEnd: now + 20 * DAY_S,
      metadata: { userId: String(userId) },
    });
    const payload = JSON.stringify({
      id: `evt_pc_${userId}`,
      object: 'event',
      type: 'customer.subscription.created',
      data: {
        object: {
          id,
          object: 'subscription',
          customer,
          status: 'active',
          metadata: { userId: String(userId) },
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
    return fake.subscriptions.get(id)!;
  }

  const money = (cents: number) => `$${(Math.abs(cents) / 100).toFixed(2)}`;
  const lastPreviewDate = () =>
    Number(
      fake.requests
        .filter((r) => r.path === '/v1/invoices/create_preview')
        .at(-1)!
        .form.get('subscription_details[proration_date]'),
    );

  test("a downgrade and an upgrade each ask first with Stripe's prorated amount, are named by direction, and the page follows at once", async ({
    page,
  }) => {
    const { api } = await signUpAs(page, server);
    const me = await currentUser(api);
    const sub = await subscribe(me.id, 'price_light');
    expect((await currentUser(api)).plan_id).toBe(3);
    const periodEnd = formatResetDate(new Date(sub.currentPeriodEnd! * 1000))!;

    await page.goto(server.url + '/billing');
    const basic = page.getByTestId('plan-Basic');
    await expect(page.getByTestId('plan-Light').getByText('Current Plan')).toBeVisible();
    await expect(page.getByTestId('plan-month-searches')).toHaveText('0 of 150 used');
    await expect(page.getByTestId('storage-usage')).toHaveText('0 KB of 10 GB used');

    // Switch to Basic asks first, and changes nothing until confirmed.
    await basic.getByRole('button', { name: 'Switch to Basic' }).click();
    const down = page.getByRole('dialog', { name: 'Switch to Basic?' });
    await expect(down).toBeVisible();
    await expect(down.getByTestId('plan-change-now')).toContainText('is credited');
    const credit = prorate(sub, 'price_basic', lastPreviewDate()).reduce((s, l) => s + l.amount, 0);
    expect(credit).toBeLessThan(0);
    await expect(down.getByTestId('plan-change-now').locator('li')).toHaveText([
      'Your plan becomes Basic at once.',
      'A downgrade takes effect now, not at the end of the period.',
      `${money(credit)} for the unused part of Light is credited to your account and taken off your next invoices.`,
    ]);
    await expect(down.getByTestId('plan-change-limits').locator('tbody tr')).toHaveText([
      'Searches a month15040',
      'Image storage10 GB2 GB',
      'Members per board103',
    ]);
    await expect(down.getByTestId('plan-change-unlocks')).toHaveText(
      'Premium Sections, Features Search and Premium Collections stay unlocked.',
    );
    await expect(down.getByRole('heading', { name: `At the end of the period (${periodEnd})` })).toBeVisible();
    await expect(down.getByTestId('plan-change-later')).toHaveText('Basic renews at $9.99 a month until you cancel.');
    const updates = () => fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub.id}`);
    // Keep, and open it again at once: it prices the change again and offers it only then, so the amount confirmed
    // is this opening's (a CI run, reopening before the closed dialog's cached preview was cleaned up, showed that
    // one and confirmed with its date while the new one was still being read).
    const held = await holdRequests(page, '/api/stripe/preview-plan-change');
    await down.getByRole('button', { name: 'Keep Light' }).click();
    await expect(down).toBeHidden();
    await expect(basic.getByRole('button', { name: 'Switch to Basic' })).toBeFocused();
    await basic.getByRole('button', { name: 'Switch to Basic' }).click();
    await expect(down.getByRole('status')).toHaveText(CATALOGUES.en.billing.change.pricing);
    await expect(down.getByTestId('plan-change-now')).not.toContainText('is credited');
    await expect(down.getByRole('button', { name: 'Switch to Basic' })).toBeDisabled();
    expect(updates()).toHaveLength(0);
    expect((await currentUser(api)).plan_id).toBe(3);
    held.release();
    await expect(down.getByTestId('plan-change-now')).toContainText('is credited');
    const shownDate = lastPreviewDate();
    await down.getByRole('button', { name: 'Switch to Basic' }).click();
    await expect(toast(page)).toContainText('Switched to Basic');
    await expect(toast(page)).not.toContainText(/upgraded/i);
    await expect(basic.getByText('Current Plan')).toBeVisible();
    // The month and the storage quota follow the new plan without a reload.
    await expect(page.getByTestId('plan-month-searches')).toHaveText('0 of 40 used');
    await expect(page.getByTestId('storage-usage')).toHaveText('0 KB of 2 GB used');
    expect(updates()).toHaveLength(1);
    expect(updates()[0].form.get('proration_date')).toBe(String(shownDate));
    expect((await currentUser(api)).plan_id).toBe(2);

    // Basic → Pro asks too, with the charge.
    await page.getByTestId('plan-Pro').getByRole('button', { name: 'Upgrade' }).click();
    const up = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
    await expect(up.getByTestId('plan-change-now')).toContainText('You pay $');
    const charge = prorate(sub, 'price_pro', lastPreviewDate()).reduce((s, l) => s + l.amount, 0);
    await expect(up.getByTestId('plan-change-now').locator('li').nth(1)).toHaveText(
      `You pay ${money(charge)} now: the rest of this period on Pro, less what is left of Basic.`,
    );
    await up.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(toast(page)).toContainText('Upgraded to Pro');
    await expect(toast(page)).toContainText('Your subscription has been upgraded successfully!');
    await expect(page.getByTestId('plan-Pro').getByText('Current Plan')).toBeVisible();
    await expect(page.getByTestId('storage-usage')).toHaveText('0 KB used (unlimited)');
    await expect(page.getByTestId('plan-month-searches')).toHaveText('0 used (unlimited)');
  });

  test("a declined card: the dialog's change fails with Stripe's reason, and the plan stays", async ({ page }) => {
    const { api } = await signUpAs(page, server);
    const sub = await subscribe((await currentUser(api)).id, 'price_basic');
    sub.cardDeclines = true;
    await page.goto(server.url + '/billing');
    await page.getByTestId('plan-Light').getByRole('button', { name: 'Upgrade' }).click();
    const up = page.getByRole('dialog', { name: 'Upgrade to Light?' });
    await expect(up.getByTestId('plan-change-now')).toContainText('You pay $');
    await up.getByRole('button', { name: 'Upgrade to Light' }).click();
    await expect(toast(page)).toContainText('Failed to update plan');
    await expect(toast(page)).toContainText(
      'The payment for this change did not go through, so your plan has not changed.',
    );
    await expect(page.getByTestId('plan-Basic').getByText('Current Plan')).toBeVisible();
    expect((await currentUser(api)).plan_id).toBe(2);
  });

  test('from Free, Upgrade explains the plan before the payment page', async ({ page }) => {
    await signUpAs(page, server);
    await page.goto(server.url + '/billing');
    await page.getByTestId('plan-Light').getByRole('button', { name: 'Upgrade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Light?' });
    await expect(dialog.getByTestId('plan-change-now')).toHaveText(
      'You pay $19.99 on the payment page; your plan becomes Light as soon as the payment goes through.',
    );
    await expect(dialog.getByTestId('plan-change-unlocks').locator('li')).toHaveText([
      'Premium Sections on every board',
      'Full Features Search results',
      'Premium Collections',
    ]);
    await page.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout (test)</h1>' }),
    );
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Stripe Checkout (test)' })).toBeVisible();
  });
});
