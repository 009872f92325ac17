import { UNLIMITED } from '#shared/plans';
import { effectiveMonthlyLimit } from '#shared/usage-limit';

export type UsageMeterModel = { text: string; fraction: number; overLimit: boolean };

/**
 * Spec accounts §6 and §9: used/limit, ∞ for -1, red at or over the limit; a missing limit counts as 1. A count
 * above the limit (left from a higher plan after a downgrade) reads as used up, never "7/5".
 */
export function usageMeter(
  usageCount: number | null | undefined,
  monthlyLimit: number | null | undefined,
): UsageMeterModel {
  const used = typeof usageCount === 'number' ? Math.max(0, usageCount) : 0;
  const limit = effectiveMonthlyLimit(monthlyLimit);
  if (limit === UNLIMITED) return { text: `${formatNumber(used)}/∞`, fraction: 0, overLimit: false };
  const overLimit = used >= limit;
  return {
    text: `${formatNumber(Math.min(used, limit))}/${formatNumber(limit)}`,
    fraction: limit > 0 ? Math.min(1, used / limit) : 1,
    overLimit,
  };
}

/** Spec accounts §9: numbers are formatted with spaces as the thousands separator. */
export function formatNumber(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
