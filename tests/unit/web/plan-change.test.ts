import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PlanChangePreview, PublicPlan } from '#shared/schemas/billing';
import {
  changeDirection,
  describePlanChange,
  formatMoney,
  type PlanChangeInput,
} from '../../../web/components/billing/plan-change';
import { ApiError } from '../../../web/data/api-client';
import { failureText, failureToast, serverMessageOf } from '../../../web/data/failure-text';
import { PLAN_DEPENDENT_KEYS, refreshOnPlanChange } from '../../../web/data/plan-sync';
import { cardKeys, sectionKeys, storageKeys, userKeys } from '../../../web/data/query-keys';

const plan = (id: number, name: string, price: number, monthly_limit: number): PublicPlan => ({
  id,
  name,
  price,
  monthly_limit,
  isPopular: false,
  tagline: '',
  hasButton: id !== 1,
});
const FREE = plan(1, 'Free', 0, 5);
const BASIC = plan(2, 'Basic', 999, 40);
const LIGHT = plan(3, 'Light', 1999, 150);
const PRO = plan(4, 'Pro', 4999, -1);
const preview = (prorationAmount: number): PlanChangePreview => ({
  planId: 2,
  prorationDate: 1_700_000_000,
  prorationAmount,
  amountDueNow: Math.max(0, prorationAmount),
  currency: 'usd',
  periodEnd: '2026-12-27T10:00:00.000Z',
  renewalPrice: 999,
});
const input = (over: Partial<PlanChangeInput>): PlanChangeInput => ({
  current: LIGHT,
  target: BASIC,
  route: 'change-subscription',
  preview: null,
  usageCount: 3,
  usageResetDate: '2026-12-27T10:00:00.000Z',
  planEndsAt: null,
  storageUsedBytes: 1024,
  ...over,
});

describe('the plan-change confirmation', () => {
  it('names the direction by price, and money in cents', () => {
    expect(changeDirection(PRO, BASIC)).toBe('upgrade');
    expect(changeDirection(BASIC, LIGHT)).toBe('downgrade');
    expect(formatMoney(-1333)).toBe('$13.33');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(123456, 'eur')).toBe('1 234.56 EUR');
  });

  it('a Stripe downgrade: at once, the credit from the preview, the limits, and the renewal at the period end', () => {
    const summary = describePlanChange(input({ preview: preview(-667) }));
    expect(summary.title).toBe('Switch to Basic?');
    expect(summary.confirmLabel).toBe('Switch to Basic');
    expect(summary.keepLabel).toBe('Keep Light');
    expect(summary.now).toEqual([
      'Your plan becomes Basic at once.',
      'A downgrade takes effect now, not at the end of the period.',
      '$6.67 for the unused part of Light is credited to your account and taken off your next invoices.',
    ]);
    expect(summary.limits).toEqual([
      { label: 'Searches a month', from: '150', to: '40' },
      { label: 'Image storage', from: '10 GB', to: '2 GB' },
      { label: 'Members per board', from: '10', to: '3' },
    ]);
    expect(summary.stayUnlocked).toBe(true);
    expect(summary.unlocks).toEqual([]);
    expect(summary.laterHeading).toMatch(/^At the end of the period \(December 27(, 2026)?\)$/);
    expect(summary.later).toBe('Basic renews at $9.99 a month until you cancel.');
  });

  it('a Stripe upgrade charges the prorated difference now; a cancelled plan is resumed by it', () => {
    const summary = describePlanChange(
      input({ current: BASIC, target: PRO, preview: preview(2667), planEndsAt: '2026-12-27T10:00:00.000Z' }),
    );
    expect(summary.title).toBe('Upgrade to Pro?');
    expect(summary.now).toEqual([
      'Your plan becomes Pro at once.',
      'You pay $26.67 now: the rest of this period on Pro, less what is left of Basic.',
      'Your cancellation is withdrawn: the subscription renews again.',
    ]);
    expect(summary.limits[0]).toEqual({ label: 'Searches a month', from: '40', to: 'Unlimited' });
    // While the preview loads, nothing is said about money.
    expect(describePlanChange(input({ current: BASIC, target: PRO })).now).toEqual(['Your plan becomes Pro at once.']);
  });

  it('self-hosted and checkout: no money now or later on a server without payments; a checkout pays first', () => {
    const selfHosted = describePlanChange(input({ current: FREE, target: BASIC, route: 'switch-directly' }));
    expect(selfHosted.now).toEqual(['Your plan becomes Basic at once.']);
    expect(selfHosted.unlocks).toEqual([
      'Premium Sections on every board',
      'Full Features Search results',
      'Premium Collections',
    ]);
    expect(selfHosted.keepLabel).toBe('Not now');
    expect(selfHosted.later).toBe('Nothing changes later: this server takes no payments.');
    expect(selfHosted.laterHeading).toBe('At the end of the period');
    const checkout = describePlanChange(input({ current: FREE, target: LIGHT, route: 'checkout' }));
    expect(checkout.confirmLabel).toBe('Continue to payment');
    expect(checkout.now).toEqual([
      'You pay $19.99 on the payment page; your plan becomes Light as soon as the payment goes through.',
    ]);
  });

  it('warns where the new limits bite at once', () => {
    const summary = describePlanChange(
      input({ usageCount: 60, storageUsedBytes: 3 * 1024 ** 3, preview: preview(-667) }),
    );
    expect(summary.warnings).toEqual([
      expect.stringMatching(
        /^You have used 60 searches this month; Basic has 40, so searches stop until December 27(, 2026)?\.$/,
      ),
      'Your images take 3 GB; Basic keeps 2 GB: new images are refused until you delete some.',
    ]);
  });
});

describe('plan-dependent reads follow the cached user', () => {
  const user = (plan_id: number) => ({ id: 1, plan_id, usage_count: 0 });

  it('invalidates every plan-dependent query when the plan changes, and nothing otherwise', () => {
    const client = new QueryClient();
    refreshOnPlanChange(client);
    client.setQueryData(userKeys.current(), user(1));
    client.setQueryData(storageKeys.usage(), { usedBytes: 1, limitBytes: 200 });
    client.setQueryData(cardKeys.list(7), []);
    client.setQueryData(sectionKeys.list(7), []);
    const invalidated = () =>
      [storageKeys.usage(), cardKeys.list(7), sectionKeys.list(7)].map(
        (key) => client.getQueryState(key)?.isInvalidated,
      );

    client.setQueryData(userKeys.current(), { ...user(1), usage_count: 2 });
    expect(invalidated()).toEqual([false, false, false]);
    client.setQueryData(userKeys.current(), user(2));
    expect(invalidated()).toEqual([true, true, true]);
    expect(PLAN_DEPENDENT_KEYS.length).toBeGreaterThanOrEqual(6);
  });
});

describe("the server's message, whenever it sent one", () => {
  const withMessage = new ApiError(
    400,
    JSON.stringify({ error: { code: 'invalid_input', message: 'Title must be at most 200 characters.' } }),
  );
  const bare = new ApiError(502, '<html>Bad gateway</html>');

  it('prefers it over the generic words, and keeps them when there is none', () => {
    const fallback = { title: 'Error', description: 'Failed to rename board' };
    expect(serverMessageOf(withMessage)).toBe('Title must be at most 200 characters.');
    expect(failureToast(fallback, withMessage)).toEqual({
      title: 'Error',
      description: 'Title must be at most 200 characters.',
    });
    expect(failureToast(fallback, bare)).toEqual(fallback);
    expect(failureToast(fallback, new TypeError('Failed to fetch'))).toEqual(fallback);
    expect(failureText(withMessage, 'Sign-in failed')).toBe('Title must be at most 200 characters.');
    expect(failureText(bare, 'Sign-in failed')).toBe('Sign-in failed');
  });
});
