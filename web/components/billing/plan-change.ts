import { PLAN_CHANGE_TEXT } from '#shared/messages/billing';
import { formatBytes } from '#shared/messages/own-images';
import { isFreePlan } from '#shared/section-lock';
import { membersPerBoardForPlan, storageBytesForPlan, UNLIMITED } from '#shared/plans';
import type { PlanChangePreview, PublicPlan } from '#shared/schemas/billing';
import { formatResetDate } from '#shared/usage-dates';
import { formatPrice, formatThousands } from './plan-display';
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
  return value === UNLIMITED ? PLAN_CHANGE_TEXT.unlimited : format(value);
}

export function limitRows(current: PublicPlan, target: PublicPlan): LimitRow[] {
  return [
    {
      label: PLAN_CHANGE_TEXT.searchesRow,
      from: limitText(current.monthly_limit, formatThousands),
      to: limitText(target.monthly_limit, formatThousands),
    },
    {
      label: PLAN_CHANGE_TEXT.storageRow,
      from: limitText(storageBytesForPlan(current.id), formatBytes),
      to: limitText(storageBytesForPlan(target.id), formatBytes),
    },
    {
      label: PLAN_CHANGE_TEXT.membersRow,
      from: limitText(membersPerBoardForPlan(current.id), formatThousands),
      to: limitText(membersPerBoardForPlan(target.id), formatThousands),
    },
  ];
}

function moneyNow(input: PlanChangeInput): string[] {
  const { route, preview, current, target } = input;
  if (route === 'checkout') return [PLAN_CHANGE_TEXT.checkoutNow(formatPrice(target.price), target.name)];
  if (route !== 'change-subscription' || !preview) return [];
  const amount = formatMoney(preview.prorationAmount, preview.currency);
  const lines =
    preview.prorationAmount > 0
      ? [PLAN_CHANGE_TEXT.chargeNow(amount, target.name, current.name)]
      : preview.prorationAmount < 0
        ? [PLAN_CHANGE_TEXT.creditNow(amount, current.name)]
        : [PLAN_CHANGE_TEXT.nothingNow];
  return input.planEndsAt ? [...lines, PLAN_CHANGE_TEXT.resumes] : lines;
}

function warnings(input: PlanChangeInput): string[] {
  const { target, usageCount, storageUsedBytes } = input;
  const out: string[] = [];
  if (target.monthly_limit !== UNLIMITED && usageCount > target.monthly_limit) {
    out.push(
      PLAN_CHANGE_TEXT.searchesOver(
        formatThousands(usageCount),
        target.name,
        formatThousands(target.monthly_limit),
        formatResetDate(input.usageResetDate),
      ),
    );
  }
  const quota = storageBytesForPlan(target.id);
  if (storageUsedBytes !== null && quota !== UNLIMITED && storageUsedBytes > quota) {
    out.push(PLAN_CHANGE_TEXT.storageOver(formatBytes(storageUsedBytes), target.name, formatBytes(quota)));
  }
  return out;
}

export function describePlanChange(input: PlanChangeInput): PlanChangeSummary {
  const { current, target, route, preview } = input;
  const direction = changeDirection(target, current);
  const upgrade = direction === 'upgrade';
  const unlocks = isFreePlan(current.id) && !isFreePlan(target.id) ? [...PLAN_CHANGE_TEXT.unlocks] : [];
  const becomes = route === 'checkout' ? [] : [PLAN_CHANGE_TEXT.becomesNow(target.name)];
  const atOnce = upgrade ? [] : [PLAN_CHANGE_TEXT.downgradeAtOnce];
  const periodEnd = route === 'change-subscription' ? formatResetDate(preview?.periodEnd ?? null) : null;
  return {
    direction,
    title: upgrade ? PLAN_CHANGE_TEXT.upgradeTitle(target.name) : PLAN_CHANGE_TEXT.switchTitle(target.name),
    confirmLabel:
      route === 'checkout'
        ? PLAN_CHANGE_TEXT.continueToPayment
        : upgrade
          ? PLAN_CHANGE_TEXT.confirmUpgrade(target.name)
          : PLAN_CHANGE_TEXT.confirmSwitch(target.name),
    keepLabel: isFreePlan(current.id) ? PLAN_CHANGE_TEXT.notNow : PLAN_CHANGE_TEXT.keep(current.name),
    now: [...becomes, ...atOnce, ...moneyNow(input)],
    limits: limitRows(current, target),
    unlocks,
    stayUnlocked: unlocks.length === 0 && !isFreePlan(target.id),
    warnings: warnings(input),
    laterHeading: PLAN_CHANGE_TEXT.laterHeading(periodEnd),
    later:
      route === 'switch-directly'
        ? PLAN_CHANGE_TEXT.selfHostedLater
        : PLAN_CHANGE_TEXT.renews(target.name, formatPrice(target.price)),
  };
}
