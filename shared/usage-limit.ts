import { DEFAULT_MONTHLY_LIMIT, UNLIMITED } from './plans';

/**
 * The monthly search limit rule (spec accounts §5, §9), used by the web before it sends a search and by the API
 * when it counts one, so both refuse at the same count.
 */

/** A user's limit: the stored one, or 1 when none is set (spec §9); -1 is unlimited. */
export function effectiveMonthlyLimit(monthlyLimit: unknown): number {
  return typeof monthlyLimit === 'number' ? monthlyLimit : DEFAULT_MONTHLY_LIMIT;
}

/**
 * A search is blocked when usage_count is a number and at least the limit; -1 never blocks.
 *
 * @example isAtMonthlyLimit(5, 5) // true; isAtMonthlyLimit(4, 5) // false; isAtMonthlyLimit(10_000, -1) // false
 */
export function isAtMonthlyLimit(usageCount: unknown, monthlyLimit: unknown): boolean {
  if (typeof usageCount !== 'number') return false;
  const limit = effectiveMonthlyLimit(monthlyLimit);
  return limit !== UNLIMITED && usageCount >= limit;
}
