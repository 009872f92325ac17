import { DEFAULT_LOCALE, type Locale } from './locale';
import { say, sayIn } from './messages/errors';

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

/**
 * 'Try again in 15 minutes.': the wait rounded up, in seconds under a minute, minutes under an hour, hours after;
 * in `locale` (English unless told).
 *
 * @example retryAfterSentence(895) // 'Try again in 15 minutes.'
 */
export function retryAfterSentence(seconds: number, locale: Locale = DEFAULT_LOCALE): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return sayIn(locale, say('retry.seconds', { count: whole }));
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return sayIn(locale, say('retry.minutes', { count: minutes }));
  return sayIn(locale, say('retry.hours', { count: Math.ceil(whole / 3600) }));
}

/**
 * A limit message told when to try again: its closing 'Try again later.' (in `locale`, the language the server
 * wrote it in) replaced, or the time added after it.
 */
export function withRetryTime(message: string, seconds: number | null, locale: Locale = DEFAULT_LOCALE): string {
  if (seconds === null) return message;
  const sentence = retryAfterSentence(seconds, locale);
  const later = sayIn(locale, say('retry.later'));
  return message.endsWith(later) ? `${message.slice(0, -later.length)}${sentence}` : `${message} ${sentence}`;
}
