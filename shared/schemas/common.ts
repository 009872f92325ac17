import type { ErrorKey } from '../messages/errors';
import { z } from 'zod';
import { canonicalImageUrl } from '../canonical-image-url';
import { TEXT_RULE_MESSAGES, isMultiLineText, isSingleLineText, normalizeLineBreaks } from '../text-rules';

/**
 * An id in a path or query parameter: a string of digits only, no sign, no leading zero, no hex, no spaces
 * (`z.coerce` let `0x4`, ` 5` and `5e0` through).
 */
export const positiveId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be a positive integer')
  .transform(Number)
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
export const positiveIdParam = z.object({ id: positiveId });

/** A count or offset in a query parameter: digits only (0 allowed). */
export const queryInteger = (min: number, max: number) =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** An id inside a JSON body: a JSON integer, never a string, a boolean or an array coerced into one. */
export const bodyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * A single-line field (a board, section or card title, a game name, a tag, a feedback title): trimmed; NUL, every
 * C0 and C1 control character and the Unicode line separators are refused with a 400 rather than stored, on every
 * route that writes one (shared/text-rules.ts: one title rule).
 */
export const titleText = (max: number) =>
  z.string().trim().max(max).refine(isSingleLineText, TEXT_RULE_MESSAGES.singleLine);

/**
 * A multi-line field (a card's description and notes, a feedback message): CR and CRLF stored as LF; tab and LF
 * kept; every other control character refused with a 400.
 */
export const multiLineText = (max: number) =>
  z
    .string()
    .transform(normalizeLineBreaks)
    .pipe(z.string().max(max).refine(isMultiLineText, TEXT_RULE_MESSAGES.multiLine));

/**
 * A game link stored on a card: an absolute http(s) URL, or a path of this app's own image storage.
 * Anything else (javascript:, data:, vbscript:, protocol-relative //host, other app paths) is a 400.
 */
export const storedUrl = (max: number) =>
  z.string().trim().max(max).refine(isStorableUrl, 'must be an http(s) URL or an /api/storage/ path');

export function isStorableUrl(value: string): boolean {
  if (value.startsWith('/api/storage/'))
    return !/[\\\u0000-\u001f]/.test(value) && !value.split(/[/?#]/).includes('..');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An image URL on a card, stored in its canonical spelling (shared/canonical-image-url.ts): an http(s) URL, or a
 * path inside /api/storage/ that names a file once dot segments and escapes are resolved; anything else is a 400.
 * Whether the user may show an own image it names is the service's decision, made on this spelling.
 */
export const imageUrl = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value, ctx) => {
      const canonical = canonicalImageUrl(value);
      if (!canonical) {
        ctx.addIssue({ code: 'custom', message: 'validation.imageUrl' satisfies ErrorKey });
        return z.NEVER;
      }
      return canonical.url;
    });

export const point = z.object({ x: z.number().finite(), y: z.number().finite() });
export const size = z.object({
  width: z.number().finite().positive().max(1_000_000),
  height: z.number().finite().positive().max(1_000_000),
});

/** The wire shape of every API error. */
export const apiErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
