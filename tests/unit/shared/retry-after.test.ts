import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '#shared/messages/catalogues/index';
import { retryAfterSeconds, retryAfterSentence, withRetryTime } from '#shared/retry-after';

const AUTH_MESSAGES = CATALOGUES.en.errors.auth;

describe('retryAfterSentence', () => {
  it.each([
    [1, 'Try again in 1 second.'],
    [59, 'Try again in 59 seconds.'],
    [59.2, 'Try again in 1 minute.'],
    [60, 'Try again in 1 minute.'],
    [61, 'Try again in 2 minutes.'],
    [895, 'Try again in 15 minutes.'],
    [900, 'Try again in 15 minutes.'],
    [3540, 'Try again in 59 minutes.'],
    [3541, 'Try again in 1 hour.'],
    [3600, 'Try again in 1 hour.'],
    [3601, 'Try again in 2 hours.'],
  ])('%s s → %s', (seconds, sentence) => expect(retryAfterSentence(seconds)).toBe(sentence));
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-01-15T10:00:00Z');
  it('reads delay-seconds and HTTP-dates', () => {
    expect(retryAfterSeconds('895', now)).toBe(895);
    expect(retryAfterSeconds(' 12 ', now)).toBe(12);
    expect(retryAfterSeconds('Thu, 15 Jan 2026 10:15:00 GMT', now)).toBe(900);
  });
  it.each([null, undefined, '', '0', '-5', '1.5', 'soon', 'Thu, 15 Jan 2026 09:00:00 GMT'])(
    'has nothing to say for %j',
    (header) => {
      expect(retryAfterSeconds(header, now)).toBeNull();
    },
  );
});

describe('withRetryTime', () => {
  it("replaces the limit messages' closing 'Try again later.'", () => {
    expect(withRetryTime(AUTH_MESSAGES.tooManyAttempts, 895)).toBe(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
    expect(withRetryTime(AUTH_MESSAGES.tooManySignUps, 3599)).toBe(
      'Too many sign-up attempts from this address. Try again in 1 hour.',
    );
  });
  it('adds the time to any other message, and leaves a message without one as it is', () => {
    expect(withRetryTime('Slow down.', 30)).toBe('Slow down. Try again in 30 seconds.');
    expect(withRetryTime(AUTH_MESSAGES.tooManyAttempts, null)).toBe(AUTH_MESSAGES.tooManyAttempts);
  });
  it('says it in Russian for a Russian message, with the plural Russian needs', () => {
    const ru = CATALOGUES.ru.errors.auth.tooManyAttempts;
    expect(withRetryTime(ru, 895, 'ru')).toBe('Слишком много попыток входа. Попробуйте через 15 минут.');
    expect(withRetryTime(ru, 120, 'ru')).toBe('Слишком много попыток входа. Попробуйте через 2 минуты.');
    expect(withRetryTime(ru, 3599, 'ru')).toBe('Слишком много попыток входа. Попробуйте через 1 час.');
    expect(retryAfterSentence(21, 'ru')).toBe('Попробуйте через 21 секунду.');
  });
});
