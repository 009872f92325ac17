/**
 * Typo tolerance for game names and vocabulary phrases ("royl match", "candy crsh", "strater pack").
 */

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent swaps, "teh" → "the" = 1), or `max + 1` as soon
 * as the distance must exceed `max`: callers only ask "within k?", so most comparisons stop after a row or two.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (n + 1 > scratch.length / 3) scratch = new Int32Array((n + 1) * 3 * 2);
  // Three rows of one reused buffer (no allocation per call: typo matching makes thousands of these per query).
  let prevPrev = 0;
  let prev = n + 1;
  let curr = 2 * (n + 1);
  for (let j = 0; j <= n; j++) scratch[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    scratch[curr] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let value = Math.min(scratch[prev + j] + 1, scratch[curr + j - 1] + 1, scratch[prev + j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        value = Math.min(value, scratch[prevPrev + j - 2] + 1);
      scratch[curr + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const oldPrevPrev = prevPrev;
    prevPrev = prev;
    prev = curr;
    curr = oldPrevPrev;
  }
  return scratch[prev + n] <= max ? scratch[prev + n] : max + 1;
}

let scratch = new Int32Array(3 * 64);

/**
 * How many typos a phrase of this length may carry and still be recognised. Short words get none: "boss" one
 * edit away is "bass", "boat" or "bos"; long names get up to two ("candy crsh saga", "mobile legneds").
 */
export function allowedTypos(length: number): number {
  if (length < 5) return 0;
  if (length < 9) return 1;
  return 2;
}
