/**
 * Fitting text into a width with a measuring function (the bitmap font's, or a fake one in tests): one line
 * with an ellipsis, or word-wrapped lines with the last one ellipsised.
 */
export type MeasureText = (text: string) => number;

const ELLIPSIS = '…';

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `text` cut to fit `maxWidth`, ending with '…' when cut (or always, when `forceEllipsis`). */
export function fitLine(text: string, maxWidth: number, measure: MeasureText, forceEllipsis = false): string {
  const clean = collapse(text);
  if (!forceEllipsis && measure(clean) <= maxWidth) return clean;
  if (forceEllipsis && measure(clean + ELLIPSIS) <= maxWidth) return clean + ELLIPSIS;
  // The longest prefix that fits with the ellipsis (binary search).
  let lo = 0;
  let hi = clean.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(clean.slice(0, mid).trimEnd() + ELLIPSIS) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : clean.slice(0, lo).trimEnd() + ELLIPSIS;
}

/** Word-wraps `text` into at most `maxLines` lines of `maxWidth`; the last line ends with '…' if text was left out. */
export function wrapLines(text: string, maxWidth: number, maxLines: number, measure: MeasureText): string[] {
  const words = collapse(text).split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || measure(candidate) <= maxWidth) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines.map((l) => fitLine(l, maxWidth, measure));
  const kept = lines.slice(0, maxLines - 1).map((l) => fitLine(l, maxWidth, measure));
  kept.push(fitLine(lines[maxLines - 1], maxWidth, measure, true));
  return kept;
}
