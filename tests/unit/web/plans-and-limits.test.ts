import { describe, expect, it } from 'vitest';
import { translatorFor } from '#shared/messages/translator';
import { formatResetDate } from '#shared/usage-dates';
import { quickFilterGames } from '../../../web/logic/search/game-filter';
import { usageMeter } from '../../../web/logic/usage';

describe('usage meter and limit message', () => {
  it('never reads over the limit: a count left from a higher plan shows as used up', () => {
    expect(usageMeter(7, 5)).toEqual({ text: '5/5', fraction: 1, overLimit: true });
    expect(usageMeter(5, 5).text).toBe('5/5');
    expect(usageMeter(3, 5)).toMatchObject({ text: '3/5', overLimit: false });
    expect(usageMeter(1200, -1).text).toBe('1 200/∞');
  });

  it('says when searches come back, in UTC, with the year only when it differs', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(formatResetDate('2026-12-25T10:00:00.000Z', now)).toBe('December 25');
    expect(formatResetDate('2027-01-01T00:30:00.000Z', now)).toBe('January 1, 2027');
    expect(formatResetDate('not a date', now)).toBeNull();
    expect(formatResetDate(null, now)).toBeNull();
    // The limit toast: the spec's title word for word, and the date in the reader's language.
    const en = translatorFor('en', 'search');
    expect(en('limitReached.title')).toBe('Reached monthly limit; upgrade your plan');
    expect(en('limitReached.description', { date: 'December 25' })).toBe('Your searches come back on December 25.');
    const ruDate = formatResetDate('2026-12-25T10:00:00.000Z', now, 'ru');
    expect(translatorFor('ru', 'search')('limitReached.description', { date: ruDate })).toBe(
      'Поиски снова станут доступны 25 декабря.',
    );
  });
});

describe('quick game filters', () => {
  const games = [
    { name: 'Royal Match', isTop: true, isNew: false },
    { name: 'Screw Jam', isTop: false, isNew: true },
    { name: 'Block Blast!', isTop: true, isNew: true },
    { name: 'Quiet Game', isTop: false, isNew: false },
  ];
  it('Any keeps every game, Top Games the top ones, New the new ones', () => {
    expect(quickFilterGames(games, 'any')).toEqual(['Royal Match', 'Screw Jam', 'Block Blast!', 'Quiet Game']);
    expect(quickFilterGames(games, 'top')).toEqual(['Royal Match', 'Block Blast!']);
    expect(quickFilterGames(games, 'new')).toEqual(['Screw Jam', 'Block Blast!']);
  });
});
