import { describe, expect, it } from 'vitest';
import { checkUsageReset } from '../../../api/services/usage.service';
import { addMonthsUtc, nextResetDate } from '#shared/usage-dates';

const d = (iso: string) => new Date(iso);

describe('addMonthsUtc', () => {
  it.each([
    ['2026-01-15T10:00:00.000Z', 1, '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T23:30:00.000Z', 1, '2026-02-28T23:30:00.000Z'],
    ['2028-01-31T00:00:00.000Z', 1, '2028-02-29T00:00:00.000Z'],
    ['2026-12-31T12:00:00.000Z', 1, '2027-01-31T12:00:00.000Z'],
    ['2026-03-31T00:00:00.000Z', -1, '2026-02-28T00:00:00.000Z'],
    ['2026-01-31T00:00:00.000Z', 3, '2026-04-30T00:00:00.000Z'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addMonthsUtc(d(from), months).toISOString()).toBe(expected);
  });
});

describe('nextResetDate', () => {
  it('moves on by whole months from the old date until it is in the future', () => {
    expect(nextResetDate(d('2026-01-15T00:00:00Z'), d('2026-01-15T00:00:00Z')).toISOString()).toBe(
      '2026-02-15T00:00:00.000Z',
    );
    expect(nextResetDate(d('2026-01-15T00:00:00Z'), d('2026-01-20T00:00:00Z')).toISOString()).toBe(
      '2026-02-15T00:00:00.000Z',
    );
    expect(nextResetDate(d('2026-01-15T00:00:00Z'), d('2026-02-15T00:00:00Z')).toISOString()).toBe(
      '2026-03-15T00:00:00.000Z',
    );
    expect(nextResetDate(d('2026-01-15T00:00:00Z'), d('2026-04-14T23:59:59Z')).toISOString()).toBe(
      '2026-04-15T00:00:00.000Z',
    );
    expect(nextResetDate(d('2023-06-10T08:00:00Z'), d('2026-01-15T10:00:00Z')).toISOString()).toBe(
      '2026-02-10T08:00:00.000Z',
    );
  });
  it('keeps the anchor day rather than drifting after a short month', () => {
    expect(nextResetDate(d('2026-01-31T00:00:00Z'), d('2026-03-01T00:00:00Z')).toISOString()).toBe(
      '2026-03-31T00:00:00.000Z',
    );
  });
});

describe('checkUsageReset', () => {
  const user = { usageResetDate: d('2026-02-15T10:00:00Z') };
  it('says reset once the date has passed, on the server clock', () => {
    expect(checkUsageReset(user, d('2026-02-15T10:00:00Z'))).toEqual({
      shouldReset: true,
      reason: 'reset_date_passed',
      gracePeriod: false,
    });
  });
  it('says wait before it, with gracePeriod in the last five minutes', () => {
    expect(checkUsageReset(user, d('2026-02-01T00:00:00Z'))).toEqual({
      shouldReset: false,
      reason: 'reset_date_not_reached',
      gracePeriod: false,
    });
    expect(checkUsageReset(user, d('2026-02-15T09:56:00Z'))).toEqual({
      shouldReset: false,
      reason: 'reset_date_not_reached',
      gracePeriod: true,
    });
  });
});
