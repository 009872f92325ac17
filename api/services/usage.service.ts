import { say } from '#shared/messages/errors';
import type { AppDeps } from '../deps';
import { usersRepo, type Queryable, type UserRow } from '../db/repositories/users.repo';
import { AppError, unauthorized } from '../errors';
import type { UsageResetCheck } from '#shared/schemas/auth';
import { nextResetDate } from '#shared/usage-dates';
import { effectiveMonthlyLimit } from '#shared/usage-limit';
import { announceUserNews } from '../live/user-news';

/**
 * Monthly usage (spec accounts §4, §5): a search is refused when usage_count is at or above monthly_limit
 * (1 when missing, -1 unlimited); usage starts again from zero once usage_reset_date has passed, and the next
 * reset date moves on by whole months. Only the server's clock and stored dates decide (SECURITY.md: limits).
 */

/** A client whose clock runs ahead may ask to reset a little early; within this window we say "wait, not error". */
export const RESET_GRACE_MS = 5 * 60_000;

type UsageDeps = Pick<AppDeps, 'db' | 'clock' | 'eventHub'>;

export function isResetDue(user: Pick<UserRow, 'usageResetDate'>, now: Date): boolean {
  return user.usageResetDate.getTime() <= now.getTime();
}

/** GET /api/auth/check-usage-reset. */
export function checkUsageReset(user: Pick<UserRow, 'usageResetDate'>, now: Date): UsageResetCheck {
  if (isResetDue(user, now)) return { shouldReset: true, reason: 'reset_date_passed', gracePeriod: false };
  const untilReset = user.usageResetDate.getTime() - now.getTime();
  return { shouldReset: false, reason: 'reset_date_not_reached', gracePeriod: untilReset <= RESET_GRACE_MS };
}

/**
 * The user with usage reset if their reset date has passed, else as stored. The reset is a compare-and-set on the
 * date read: when another request reset it first, this one reads the row as that one left it.
 */
async function withDueResetApplied(db: Queryable, user: UserRow, now: Date): Promise<UserRow> {
  if (!isResetDue(user, now)) return user;
  const reset = await usersRepo.resetUsageIfStill(
    db,
    user.id,
    user.usageResetDate,
    nextResetDate(user.usageResetDate, now),
  );
  return reset ?? (await usersRepo.getById(db, user.id)) ?? user;
}

/**
 * POST /api/auth/reset-usage: resets usage only when the stored reset date has passed; otherwise 409 and
 * nothing is written, whatever date the client proposed.
 */
export async function resetUsage(deps: UsageDeps, userId: number): Promise<UserRow> {
  const now = deps.clock.now();
  const user = await usersRepo.getById(deps.db, userId);
  if (!user) throw unauthorized();
  if (!isResetDue(user, now)) {
    throw new AppError('reset_not_due', 409, say('auth.resetNotDue'), {
      usage_reset_date: user.usageResetDate.toISOString(),
    });
  }
  const reset = await withDueResetApplied(deps.db, user, now);
  // The user's other screens show the month's usage: they read it again.
  await announceUserNews(deps, deps.db, [userId], 'account');
  return reset;
}

/**
 * Counts one search against the user's monthly limit, or refuses it. The check and the increment are ONE
 * conditional UPDATE (usersRepo.countSearchUnderLimit), so concurrent searches, from any number of processes on
 * either database, cannot both pass at limit − 1. A passed reset date is applied first. Returns the user as
 * updated. Called inside the search's write transaction, a refusal or a later failure rolls the count back.
 * Throws AppError 403 'limit_reached' ('Reached monthly limit; upgrade your plan') at or over the limit,
 * 401 when the user no longer exists.
 */
export async function consumeSearch(deps: UsageDeps, userId: number): Promise<UserRow> {
  const now = deps.clock.now();
  const stored = await usersRepo.getById(deps.db, userId);
  if (!stored) throw unauthorized();
  await withDueResetApplied(deps.db, stored, now);
  const counted = await usersRepo.countSearchUnderLimit(deps.db, userId);
  if (counted) {
    // The user's other screens show the month's count: they hear of it when the search's write commits.
    await announceUserNews(deps, deps.db, [userId], 'account');
    return counted;
  }
  const user = await usersRepo.getById(deps.db, userId);
  if (!user) throw unauthorized();
  throw new AppError('limit_reached', 403, say('auth.limitReached'), {
    usage_count: user.usageCount,
    monthly_limit: effectiveMonthlyLimit(user.monthlyLimit),
  });
}
