import { describe, expect, it } from 'vitest';
import { boardNameHints } from '../../../web/logic/board-name-hints';

describe('boardNameHints', () => {
  it('leaves boards with a title of their own without a second line', () => {
    const hints = boardNameHints(
      [
        { id: 1, title: 'Starter Pack in Match-3', createdAt: '2026-12-01T10:00:00.000Z' },
        { id: 2, title: 'Starter Pack in Puzzle', createdAt: '2026-12-01T10:00:00.000Z' },
      ],
      'en',
    );
    expect(hints.size).toBe(0);
  });

  it('dates boards named alike, ignoring case and outer spaces', () => {
    const hints = boardNameHints(
      [
        { id: 1, title: 'Starter Pack in Match-3', createdAt: '2026-11-28T10:00:00.000Z' },
        { id: 2, title: ' starter pack in match-3 ', createdAt: '2026-12-01T10:00:00.000Z' },
        { id: 3, title: 'Other', createdAt: '2026-12-01T10:00:00.000Z' },
      ],
      'en',
    );
    expect(hints.get(1)).toBe('Nov 28, 2026');
    expect(hints.get(2)).toBe('Dec 1, 2026');
    expect(hints.has(3)).toBe(false);
  });

  it('adds the time, to the second when the minute is shared, for boards made the same day', () => {
    const sameDay = boardNameHints(
      [
        { id: 1, title: 'Q', createdAt: '2026-12-01T10:00:00.000Z' },
        { id: 2, title: 'Q', createdAt: '2026-12-01T11:30:00.000Z' },
      ],
      'en',
    );
    expect(sameDay.get(1)).not.toBe(sameDay.get(2));
    expect(sameDay.get(1)).toMatch(/Dec 1, 2026.*\d:\d\d/);
    const sameMinute = boardNameHints(
      [
        { id: 1, title: 'Q', createdAt: '2026-12-01T10:00:05.000Z' },
        { id: 2, title: 'Q', createdAt: '2026-12-01T10:00:40.000Z' },
      ],
      'en',
    );
    expect(sameMinute.get(1)).not.toBe(sameMinute.get(2));
    const sameSecond = boardNameHints(
      [
        { id: 1, title: 'Q', createdAt: '2026-12-01T10:00:05.120Z' },
        { id: 2, title: 'Q', createdAt: '2026-12-01T10:00:05.480Z' },
      ],
      'en',
    );
    expect(sameSecond.get(1)).not.toBe(sameSecond.get(2));
  });

  it('formats for the locale and reads a timestamp without a zone as UTC', () => {
    const hints = boardNameHints(
      [
        { id: 1, title: 'Q', createdAt: '2026-03-05 12:00:00' },
        { id: 2, title: 'Q', createdAt: '2026-12-01T12:00:00Z' },
      ],
      'ru',
    );
    expect(hints.get(1)).toMatch(/5 мар/);
    expect(hints.get(2)).toMatch(/1 дек/);
  });
});
