import { withTransaction } from '../db/transaction';
import type { AppDeps } from '../deps';
import { usersRepo, type Queryable, type UserRow } from '../db/repositories/users.repo';
import { AppError, unauthorized } from '../errors';
import { AUTH_MESSAGES } from '../../shared/messages/auth';
import type { UsageResetCheck } from '../../shared/schemas/auth';
import { nextResetDate } from '../../shared/usage-dates';
import { effectiveMonthlyLimit, isAtMonthlyLimit } from '../../shared/usage-limit';

/**
 * Monthly usage (spec accounts §4, §5): a search is refused when usage_count is at or above monthly_limit
 * (1 when missing, -1 unlimited); usage starts again from zero once usage_reset_date has passed, and the next
 * reset date moves on by whole months. Only the server's clock and stored dates decide (SECURITY.md: limits).
 */

/** A client whose clock runs ahead may ask to reset a little early; within this window we say "wait, not error". */
export const RESET_GRACE_MS = 5 * 60_000;

type UsageDeps = Pick<AppDeps, 'db' | 'clock'>;


export function isResetDue(user: Pick<UserRow, 'usageResetDate'>, now: Date): boolean {
  return user.usageResetDate.getTime() <= now.getTime();
}

/** GET /api/auth/check-usage-reset. */
export function checkUsageReset(user: Pick<UserRow, 'usageResetDate'>, now: Date): UsageResetCheck {
  if (isResetDue(user, now)) return { shouldReset: true, reason: 'reset_date_passed', gracePeriod: false };
  const untilReset = user.usageResetDate.getTime() - now.getTime();
  return { shouldReset: false, reason: 'reset_date_not_reached', gracePeriod: untilReset <= RESET_GRACE_MS };
}

/** Inside a transaction: the user with usage reset if their reset date has passed (written), else as stored. */
async function withDueResetApplied(tx: Queryable, user: UserRow, now: Date): Promise<UserRow> {
  if (!isResetDue(user, now)) return user;
  return (await usersRepo.update(tx, user.id, { usageCount: 0, usageResetDate: nextResetDate(user.usageResetDate, now) }))!;
}

/**
 * POST /api/auth/reset-usage: resets usage only when the stored reset date has passed; otherwise 409 and
 * nothing is written, whatever date the client proposed.
 */
export async function resetUsage(deps: UsageDeps, userId: number): Promise<UserRow> {
  const now = deps.clock.now();
  return await withTransaction(deps.db, async (tx) => {
      const user = await usersRepo.getById(tx, userId);
      if (!user) throw unauthorized();
      if (!isResetDue(user, now)) {
        throw new AppError('reset_not_due', 409, AUTH_MESSAGES.resetNotDue, {
          usage_reset_date: user.usageResetDate.toISOString(),
        });
      }
      return await withDueResetApplied(tx, user, now);
    },
  );
}

/**
 * Counts one search against the user's monthly limit, or refuses it: check and increment happen in ONE
 * immediate SQLite transaction, so concurrent searches (even from other processes on the same file) cannot
 * both pass at limit − 1. A passed reset date is applied first. Returns the user as updated.
 * Throws AppError 403 'limit_reached' ('Reached monthly limit; upgrade your plan') at or over the limit,
 * 401 when the user no longer exists.
 */
export async function consumeSearch(deps: UsageDeps, userId: number): Promise<UserRow> {
  const now = deps.clock.now();
  return await withTransaction(deps.db, async (tx) => {
      const stored = await usersRepo.getById(tx, userId);
      if (!stored) throw unauthorized();
      const user = await withDueResetApplied(tx, stored, now);
      if (isAtMonthlyLimit(user.usageCount, user.monthlyLimit)) {
        throw new AppError('limit_reached', 403, AUTH_MESSAGES.limitReached, {
          usage_count: user.usageCount,
          monthly_limit: effectiveMonthlyLimit(user.monthlyLimit),
        });
      }
      return (await usersRepo.update(tx, user.id, { usageCount: user.usageCount + 1 }))!;
    },
  );
}
