/** The sentence a limit message ends with when it cannot say when (shared/messages/auth.ts). */
export const TRY_AGAIN_LATER = 'Try again later.';

/**
 * Seconds until a retry, from a Retry-After header (RFC 9110: delay-seconds or an HTTP-date), or null when absent,
 * unreadable or already past.
 */
export function retryAfterSeconds(header: string | null | undefined, nowMs: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) > 0 ? Number(value) : null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  const seconds = Math.ceil((at - nowMs) / 1000);
  return seconds > 0 ? seconds : null;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * 'Try again in 15 minutes.': the wait rounded up, in seconds under a minute, minutes under an hour, hours after.
 *
 * @example retryAfterSentence(895) // 'Try again in 15 minutes.'
 */
export function retryAfterSentence(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `Try again in ${plural(whole, 'second')}.`;
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return `Try again in ${plural(minutes, 'minute')}.`;
  return `Try again in ${plural(Math.ceil(whole / 3600), 'hour')}.`;
}

/** A limit message told when to try again: its closing 'Try again later.' replaced, or the time added after it. */
export function withRetryTime(message: string, seconds: number | null): string {
  if (seconds === null) return message;
  const sentence = retryAfterSentence(seconds);
  return message.endsWith(TRY_AGAIN_LATER)
    ? `${message.slice(0, -TRY_AGAIN_LATER.length)}${sentence}`
    : `${message} ${sentence}`;
}
