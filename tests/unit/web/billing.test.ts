import { describe, expect, it } from 'vitest';
import type { PublicPlan } from '#shared/schemas/billing';
import {
  formatMonthlyUsage,
  formatPrice,
  formatThousands,
  isPaidPlan,
  orderPlans,
  planButton,
  planButtonLabel,
} from '../../../web/components/billing/plan-display';
import { cancelRoute, upgradeRoute } from '../../../web/components/billing/plan-routes';

const plan = (id: number, name: string, price: number, monthly_limit: number): PublicPlan => ({
  id,
  name,
  price,
  monthly_limit,
  isPopular: name === 'Light',
  tagline: `${name} tagline`,
  hasButton: id !== 1,
});

describe('plan page display (spec accounts §2, §9)', () => {
  it('writes numbers with a space as the thousands separator', () => {
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1 000');
    expect(formatThousands(1234567)).toBe('1 234 567');
    expect(formatThousands(-12500)).toBe('-12 500');
  });

  it('shows a price of 0 as $0 and anything else with two decimals from cents', () => {
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(999)).toBe('$9.99');
    expect(formatPrice(1000)).toBe('$10.00');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(123456)).toBe('$1 234.56');
  });

  it('shows the monthly usage with ∞ for unlimited', () => {
    expect(formatMonthlyUsage(-1)).toBe('∞');
    expect(formatMonthlyUsage(150)).toBe('150');
    expect(formatMonthlyUsage(10000)).toBe('10 000');
  });

  it('orders plans Free, Basic, Light, Pro, at most four', () => {
    const shuffled = [
      plan(4, 'Pro', 4999, -1),
      plan(1, 'Free', 0, 5),
      plan(3, 'Light', 1999, 150),
      plan(2, 'Basic', 999, 40),
      plan(9, 'Team', 9999, -1),
    ];
    expect(orderPlans(shuffled).map((p) => p.name)).toEqual(['Free', 'Basic', 'Light', 'Pro']);
  });

  it('gives Upgrade on other paid plans, Cancel on the current one, nothing on Free', () => {
    const free = plan(1, 'Free', 0, 5);
    const basic = plan(2, 'Basic', 999, 40);
    const light = plan(3, 'Light', 1999, 150);
    const pro = plan(4, 'Pro', 4999, -1);
    expect(planButton(free, free)).toBeNull();
    expect(planButton(free, light)).toBeNull();
    expect(planButton(light, free)).toBe('upgrade');
    expect(planButton(light, light)).toBe('cancel');
    expect(planButton(basic, null)).toBe('upgrade');
    // Labelled by direction: on Pro the cheaper plans are switches, not upgrades.
    expect(planButton(basic, pro)).toBe('switch');
    expect(planButton(light, pro)).toBe('switch');
    expect(planButton(pro, basic)).toBe('upgrade');
    expect(planButtonLabel('switch', basic)).toBe('Switch to Basic');
    expect(planButtonLabel('upgrade', pro)).toBe('Upgrade');
    expect(isPaidPlan(plan(1, 'Free', 0, 5))).toBe(false);
    expect(isPaidPlan(plan(2, 'Basic', 999, 40))).toBe(true);
  });
});

describe('billing routes (spec accounts §5 Billing)', () => {
  it('switches directly in self-hosted mode', () => {
    expect(upgradeRoute(false, { plan_id: 3, stripeSubscriptionId: 'sub_1' })).toBe('switch-directly');
    expect(cancelRoute(false)).toBe('switch-directly');
  });

  it('changes the subscription in place only when one exists and the plan is above free', () => {
    expect(upgradeRoute(true, { plan_id: 2, stripeSubscriptionId: 'sub_1' })).toBe('change-subscription');
    expect(upgradeRoute(true, { plan_id: 1, stripeSubscriptionId: 'sub_1' })).toBe('checkout');
    expect(upgradeRoute(true, { plan_id: 3, stripeSubscriptionId: null })).toBe('checkout');
    expect(cancelRoute(true)).toBe('at-period-end');
  });
});
