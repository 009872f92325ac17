import type { ErrorKey } from './messages/errors';
/**
 * One rule for the text users give things: titles, game names and tags are single-line and refuse NUL
 * and every C0/C1 control character (tab, CR, LF, escape, …) and the Unicode line and paragraph separators;
 * descriptions and notes are multi-line: CR and CRLF become LF, tab and LF are kept, every other control is
 * refused. The API's schemas apply it on every route that takes such text (shared/schemas/common.ts), and a title
 * the server derives from something else (an upload's file name, an image link's last segment) is cleaned by it.
 */

/** What a single-line field refuses: C0, DEL, C1, and U+2028 / U+2029 (line breaks to JavaScript). */
const SINGLE_LINE_REFUSED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** What a multi-line field refuses once its line breaks are LF: every control except tab and LF. */
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export const TEXT_RULE_MESSAGES = {
  singleLine: 'validation.singleLine',
  multiLine: 'validation.multiLine',
} as const satisfies Record<string, ErrorKey>;

export function isSingleLineText(text: string): boolean {
  return !SINGLE_LINE_REFUSED.test(text);
}

/** CRLF and a lone CR become LF: a lone CR is a line break to Markdown and would start a heading or a list. */
export function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** True for multi-line text whose line breaks are already LF and that carries no other control character. */
export function isMultiLineText(text: string): boolean {
  return !MULTI_LINE_REFUSED.test(text);
}

/**
 * A single-line title made from text nobody typed as a title (a file name, a URL segment): controls and line
 * separators become spaces, runs of spaces one, trimmed. Empty when nothing printable is left.
 *
 * @example cleanDerivedTitle('Offer\r\n# heading\u0000') // 'Offer # heading'
 */
export function cleanDerivedTitle(text: string): string {
  return text.replace(new RegExp(SINGLE_LINE_REFUSED.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
}
