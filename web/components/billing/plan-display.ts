import { UNLIMITED } from '#shared/plans';
import type { PublicPlan } from '#shared/schemas/billing';
import { webI18n } from '../../i18n/i18n';

/** The billing catalogue in the interface's language at the moment of the call (components re-render on a change). */
export const billingText = () => webI18n.getFixedT(null, 'billing');

const MB = 1024 * 1024;

/** Bytes as the reader's language writes a size ("1.5 GB", "1,5 ГБ"): GB from 1 GB, MB from 1 MB, else KB. */
export function formatBytesIn(bytes: number, locale: string = webI18n.language): string {
  const t = webI18n.getFixedT(locale, 'billing');
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: false });
  if (bytes >= 1024 * MB) return t('size.gb', { value: number.format(bytes / (1024 * MB)) });
  if (bytes >= MB) return t('size.mb', { value: number.format(bytes / MB) });
  return t('size.kb', { value: number.format(Math.ceil(bytes / 1024)) });
}

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
  return monthlyLimit === UNLIMITED ? billingText()('card.unlimited') : formatThousands(monthlyLimit);
}

/** Up to four plans in the spec's order (unknown names after the known ones, by id). */
export function orderPlans(plans: readonly PublicPlan[]): PublicPlan[] {
  const rank = (p: PublicPlan) => {
    const i = PLAN_ORDER.indexOf(p.name);
    return i === -1 ? PLAN_ORDER.length : i;
  };
  return [...plans].sort((a, b) => rank(a) - rank(b) || a.id - b.id).slice(0, 4);
}

export type PlanButton = 'upgrade' | 'switch' | 'cancel' | null;

/**
 * Spec accounts §2: plans with a button show Upgrade, or Cancel on the user's current plan. Labelled by
 * direction: a plan cheaper than the current one is a switch ('Switch to Basic'), not an upgrade.
 */
export function planButton(
  plan: Pick<PublicPlan, 'id' | 'hasButton' | 'price'>,
  current: Pick<PublicPlan, 'id' | 'price'> | null,
): PlanButton {
  if (!plan.hasButton) return null;
  if (current && plan.id === current.id) return 'cancel';
  return !current || plan.price > current.price ? 'upgrade' : 'switch';
}

export function planButtonLabel(button: Exclude<PlanButton, null>, plan: Pick<PublicPlan, 'name'>): string {
  const t = billingText();
  if (button === 'cancel') return t('card.cancel');
  return button === 'switch' ? t('card.switchTo', { plan: plan.name }) : t('card.upgrade');
}

/** Paid plans list the three perks (spec accounts §2). */
export function isPaidPlan(plan: Pick<PublicPlan, 'price'>): boolean {
  return plan.price > 0;
}
