import { BILLING_TEXT } from '../../../shared/messages/billing';
import { UNLIMITED } from '../../../shared/plans';
import type { PublicPlan } from '../../../shared/schemas/billing';

/** Spec accounts §3: plans are shown in this order. */
const PLAN_ORDER = ['Free', 'Basic', 'Light', 'Pro'];

/** Spec accounts §9: numbers use a space as the thousands separator ("12 500"). */
export function formatThousands(value: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.trunc(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** Spec accounts §2: a price of 0 shows as $0, anything else with two decimals (cents / 100). */
export function formatPrice(cents: number): string {
  if (cents === 0) return '$0';
  const whole = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `$${formatThousands(whole)}.${rest}`;
}

/** The monthly usage figure shown before '/ month': ∞ for unlimited (-1). */
export function formatMonthlyUsage(monthlyLimit: number): string {
  return monthlyLimit === UNLIMITED ? BILLING_TEXT.unlimited : formatThousands(monthlyLimit);
}

/** Up to four plans in the spec's order (unknown names after the known ones, by id). */
export function orderPlans(plans: readonly PublicPlan[]): PublicPlan[] {
  const rank = (p: PublicPlan) => {
    const i = PLAN_ORDER.indexOf(p.name);
    return i === -1 ? PLAN_ORDER.length : i;
  };
  return [...plans].sort((a, b) => rank(a) - rank(b) || a.id - b.id).slice(0, 4);
}

export type PlanButton = 'upgrade' | 'cancel' | null;

/** Spec accounts §2: plans with a button show Upgrade, or Cancel on the user's current plan. */
export function planButton(plan: Pick<PublicPlan, 'id' | 'hasButton'>, currentPlanId: number | null): PlanButton {
  if (!plan.hasButton) return null;
  return plan.id === currentPlanId ? 'cancel' : 'upgrade';
}

/** Paid plans list the three perks (spec accounts §2). */
export function isPaidPlan(plan: Pick<PublicPlan, 'price'>): boolean {
  return plan.price > 0;
}
