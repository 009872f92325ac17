import { BOARD_TITLE_MAX, UNTITLED_BOARD_TITLE } from './constants';

/**
 * Board names the app gives: a new board is "Untitled" or "Untitled N" (spec accounts §3);
 * the first query on such a board names it after the query.
 */

/** "Untitled" or "Untitled N": a name the user has not chosen. */
export function isUntitledTitle(title: string): boolean {
  return title === UNTITLED_BOARD_TITLE || new RegExp(`^${UNTITLED_BOARD_TITLE} \\d{1,9}$`).test(title);
}

/**
 * A board title from a query's text: whitespace runs (newlines included) as one space, control characters dropped,
 * cut at a word boundary to fit BOARD_TITLE_MAX. Empty when nothing printable is left.
 *
 * @example
 * boardTitleFromQuery('  Starter Pack\n in Match-3 ') // 'Starter Pack in Match-3'
 */
export function boardTitleFromQuery(query: string): string {
  const text = query
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= BOARD_TITLE_MAX) return text;
  const cut = text.slice(0, BOARD_TITLE_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > BOARD_TITLE_MAX / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
