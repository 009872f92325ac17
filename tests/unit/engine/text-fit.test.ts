import { describe, expect, it } from 'vitest';
import { fitLine, wrapLines } from '#engine/model/text-fit';

const measure = (s: string) => s.length * 10;

describe('text fitting', () => {
  it('cuts one line with an ellipsis only when it does not fit', () => {
    expect(fitLine('Short', 100, measure)).toBe('Short');
    expect(fitLine('A much longer title', 100, measure)).toBe('A much lo…');
    expect(measure(fitLine('A much longer title', 100, measure))).toBeLessThanOrEqual(100);
  });

  it('wraps words into at most N lines and ellipsises the last when text is left', () => {
    expect(wrapLines('one two three', 100, 2, measure)).toEqual(['one two', 'three']);
    const lines = wrapLines('one two three four five six', 100, 2, measure);
    expect(lines).toEqual(['one two', 'three fou…']);
    expect(wrapLines('', 100, 2, measure)).toEqual([]);
    expect(wrapLines('supercalifragilistic', 100, 2, measure)).toEqual(['supercali…']);
  });
});
