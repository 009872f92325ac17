import { addMonthsUtc } from '#shared/usage-dates';
import { isAtMonthlyLimit } from '#shared/usage-limit';

/**
 * The decisions of a search submit (spec accounts §4 "Submit flow", §5), apart from the calls that feed them.
 */

/** Spec §5: a query is processed only if non-empty after trimming; answers the text to send, or null. */
export function queryToSend(raw: string): string | null {
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

type UsageFields = { usage_count?: number | null; monthly_limit?: number | null; usage_reset_date?: string | null };

export type UsageVerdict = 'allowed' | 'limit';

/** Spec §5: usage_count at or above monthly_limit (1 when missing) blocks; -1 is unlimited. */
export function usageVerdict(user: UsageFields): UsageVerdict {
  return isAtMonthlyLimit(user.usage_count, user.monthly_limit) ? 'limit' : 'allowed';
}

/** Spec §7: the reset check is sent only when usage_reset_date exists. */
export function shouldAskUsageReset(user: UsageFields): boolean {
  return typeof user.usage_reset_date === 'string' && user.usage_reset_date !== '';
}

/** Spec §4: "reset-usage is called with a new reset date one month later" (the shared calendar-month rule). */
export function nextResetDateIso(now: Date): string {
  return addMonthsUtc(now, 1).toISOString();
}

/** Ids in `after` that were not in `before`: the cards a query just wrote (they fall in). */
export function newCardIds(before: readonly { id: number }[], after: readonly { id: number }[]): number[] {
  const known = new Set(before.map((c) => c.id));
  return after.filter((c) => !known.has(c.id)).map((c) => c.id);
}
