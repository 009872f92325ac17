import { describe, expect, it } from 'vitest';
import { BOARD_TITLE_MAX } from '#shared/constants';
import { boardTitleFromQuery, isUntitledTitle } from '#shared/board-titles';

describe('board titles the app gives', () => {
  it('knows the names it gave: "Untitled" and "Untitled N", nothing else', () => {
    for (const title of ['Untitled', 'Untitled 2', 'Untitled 117']) expect(isUntitledTitle(title)).toBe(true);
    for (const title of ['untitled', 'Untitled board', 'Untitled 2b', 'My Untitled', ' Untitled', 'Untitled '])
      expect(isUntitledTitle(title)).toBe(false);
  });

  it('names a board after its query: one line, no control characters, cut at a word to fit', () => {
    expect(boardTitleFromQuery('  Starter Pack\n in\tMatch-3 ')).toBe('Starter Pack in Match-3');
    expect(boardTitleFromQuery('a\u0000b')).toBe('a b');
    expect(boardTitleFromQuery('\n\t ')).toBe('');
    const long = boardTitleFromQuery(`${'word '.repeat(100)}end`);
    expect(long.length).toBeLessThanOrEqual(BOARD_TITLE_MAX);
    expect(long).toMatch(/^(word )+word…$/);
  });
});
