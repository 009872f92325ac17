/**
 * The monthly usage calendar, used by the API (sign-up, resets) and the web (the reset request, the meter's
 * tooltip, the limit message) so both ends count months the same way (spec accounts §4 "Usage reset": one month
 * later; calendar months in UTC).
 */

/**
 * `date` plus `months` calendar months in UTC, the day clamped to the target month (Jan 31 + 1 → Feb 28/29).
 *
 * @example addMonthsUtc(new Date('2026-01-31T10:00:00Z'), 1) // 2026-02-28T10:00:00Z
 */
export function addMonthsUtc(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/**
 * The first date strictly after `now` reached from `previous` by whole months (anchored on previous's day).
 *
 * @example nextResetDate(new Date('2026-01-15Z'), new Date('2026-02-15Z')) // 2026-03-15
 */
export function nextResetDate(previous: Date, now: Date): Date {
  const monthsApart =
    (now.getUTCFullYear() - previous.getUTCFullYear()) * 12 + (now.getUTCMonth() - previous.getUTCMonth());
  let months = Math.max(1, monthsApart - 1);
  while (addMonthsUtc(previous, months).getTime() <= now.getTime()) months += 1;
  return addMonthsUtc(previous, months);
}

/**
 * When searches come back, for people: "December 25" (with the year when it is not `now`'s year), in UTC so
 * the date matches the stored reset date whatever the reader's time zone. Null for a missing or bad date.
 *
 * `locale` is the reader's language (the web's interface language); the API's texts stay in US English.
 *
 * @example formatResetDate('2026-12-25T10:00:00Z', new Date('2026-11-25Z')) // 'December 25'
 * @example formatResetDate('2026-12-25T10:00:00Z', new Date('2026-11-25Z'), 'ru') // '25 декабря'
 */
export function formatResetDate(
  iso: string | Date | null | undefined,
  now: Date = new Date(),
  locale = 'en-US',
): string | null {
  if (!iso) return null;
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return null;
  const sameYear = date.getUTCFullYear() === now.getUTCFullYear();
  return date.toLocaleDateString(locale, {
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}
