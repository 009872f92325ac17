import { isFreePlan } from '#shared/section-lock';
import { membersPerBoardForPlan, storageBytesForPlan, UNLIMITED } from '#shared/plans';
import type { PlanChangePreview, PublicPlan } from '#shared/schemas/billing';
import { formatResetDate } from '#shared/usage-dates';
import { webI18n } from '../../i18n/i18n';
import { billingText, formatBytesIn, formatPrice, formatThousands } from './plan-display';
import type { UpgradeRoute } from './plan-routes';

/**
 * What the plan-change confirmation says, worked out from the two plans, the way the change is
 * made (self-hosted switch, Stripe subscription change, Stripe checkout), Stripe's invoice preview and the user's
 * month. Pure, so every sentence is unit-tested.
 */

export type ChangeDirection = 'upgrade' | 'downgrade';
export type LimitRow = { label: string; from: string; to: string };

export type PlanChangeSummary = {
  direction: ChangeDirection;
  title: string;
  confirmLabel: string;
  keepLabel: string;
  /** What happens as soon as the user confirms. */
  now: string[];
  limits: LimitRow[];
  /** What the change unlocks (from Free), or one line saying everything stays unlocked. */
  unlocks: string[];
  stayUnlocked: boolean;
  /** Where the new limits bite at once (searches already used, images already stored). */
  warnings: string[];
  laterHeading: string;
  later: string;
};

export type PlanChangeInput = {
  current: PublicPlan;
  target: PublicPlan;
  route: UpgradeRoute;
  /** Stripe's preview; only for 'change-subscription', null while it loads. */
  preview: PlanChangePreview | null;
  usageCount: number;
  usageResetDate: string | null;
  /** The current plan was cancelled and ends then (Stripe); a switch withdraws the cancellation. */
  planEndsAt: string | null;
  storageUsedBytes: number | null;
};

/** Up when the target costs more than the current plan, else down (the plan page's buttons use the same rule). */
export function changeDirection(
  target: Pick<PublicPlan, 'price'>,
  current: Pick<PublicPlan, 'price'>,
): ChangeDirection {
  return target.price > current.price ? 'upgrade' : 'downgrade';
}

/** Cents as money: dollars with the plan page's format, another currency by its code. */
export function formatMoney(cents: number, currency = 'usd'): string {
  const amount = Math.abs(cents);
  if (currency.toLowerCase() === 'usd') return formatPrice(amount) === '$0' ? '$0.00' : formatPrice(amount);
  return `${formatThousands(Math.floor(amount / 100))}.${String(amount % 100).padStart(2, '0')} ${currency.toUpperCase()}`;
}

function limitText(value: number, format: (n: number) => string): string {
  return value === UNLIMITED ? billingText()('change.unlimited') : format(value);
}

export function limitRows(current: PublicPlan, target: PublicPlan): LimitRow[] {
  const t = billingText();
  return [
    {
      label: t('change.searchesRow'),
      from: limitText(current.monthly_limit, formatThousands),
      to: limitText(target.monthly_limit, formatThousands),
    },
    {
      label: t('change.storageRow'),
      from: limitText(storageBytesForPlan(current.id), formatBytesIn),
      to: limitText(storageBytesForPlan(target.id), formatBytesIn),
    },
    {
      label: t('change.membersRow'),
      from: limitText(membersPerBoardForPlan(current.id), formatThousands),
      to: limitText(membersPerBoardForPlan(target.id), formatThousands),
    },
  ];
}

function moneyNow(input: PlanChangeInput): string[] {
  const { route, preview, current, target } = input;
  const t = billingText();
  if (route === 'checkout') return [t('change.checkoutNow', { amount: formatPrice(target.price), plan: target.name })];
  if (route !== 'change-subscription' || !preview) return [];
  const amount = formatMoney(preview.prorationAmount, preview.currency);
  const lines =
    preview.prorationAmount > 0
      ? [t('change.chargeNow', { amount, newPlan: target.name, oldPlan: current.name })]
      : preview.prorationAmount < 0
        ? [t('change.creditNow', { amount, oldPlan: current.name })]
        : [t('change.nothingNow')];
  return input.planEndsAt ? [...lines, t('change.resumes')] : lines;
}

function warnings(input: PlanChangeInput): string[] {
  const { target, usageCount, storageUsedBytes } = input;
  const t = billingText();
  const out: string[] = [];
  if (target.monthly_limit !== UNLIMITED && usageCount > target.monthly_limit) {
    const date = formatResetDate(input.usageResetDate, new Date(), webI18n.language);
    const values = {
      count: usageCount,
      used: formatThousands(usageCount),
      plan: target.name,
      limit: formatThousands(target.monthly_limit),
    };
    out.push(date ? t('change.searchesOverUntil', { ...values, date }) : t('change.searchesOver', values));
  }
  const quota = storageBytesForPlan(target.id);
  if (storageUsedBytes !== null && quota !== UNLIMITED && storageUsedBytes > quota) {
    out.push(
      t('change.storageOver', {
        used: formatBytesIn(storageUsedBytes),
        plan: target.name,
        quota: formatBytesIn(quota),
      }),
    );
  }
  return out;
}

export function describePlanChange(input: PlanChangeInput): PlanChangeSummary {
  const { current, target, route, preview } = input;
  const t = billingText();
  const direction = changeDirection(target, current);
  const upgrade = direction === 'upgrade';
  const unlocks =
    isFreePlan(current.id) && !isFreePlan(target.id)
      ? [t('change.unlockSections'), t('change.unlockFeatureSearch'), t('change.unlockCollections')]
      : [];
  const becomes = route === 'checkout' ? [] : [t('change.becomesNow', { plan: target.name })];
  const atOnce = upgrade ? [] : [t('change.downgradeAtOnce')];
  const periodEnd =
    route === 'change-subscription' ? formatResetDate(preview?.periodEnd ?? null, new Date(), webI18n.language) : null;
  return {
    direction,
    title: upgrade ? t('change.upgradeTitle', { plan: target.name }) : t('change.switchTitle', { plan: target.name }),
    confirmLabel:
      route === 'checkout'
        ? t('change.continueToPayment')
        : upgrade
          ? t('change.confirmUpgrade', { plan: target.name })
          : t('change.confirmSwitch', { plan: target.name }),
    keepLabel: isFreePlan(current.id) ? t('change.notNow') : t('change.keep', { plan: current.name }),
    now: [...becomes, ...atOnce, ...moneyNow(input)],
    limits: limitRows(current, target),
    unlocks,
    stayUnlocked: unlocks.length === 0 && !isFreePlan(target.id),
    warnings: warnings(input),
    laterHeading: periodEnd ? t('change.laterHeadingOn', { date: periodEnd }) : t('change.laterHeading'),
    later:
      route === 'switch-directly'
        ? t('change.selfHostedLater')
        : t('change.renews', { plan: target.name, price: formatPrice(target.price) }),
  };
}
