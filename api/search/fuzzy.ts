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
  let prevPrev = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let curr = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    let rowMin = curr[0];
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(prev[j] + 1, curr[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, prevPrev[j - 2] + 1);
      curr[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, curr] = [prev, curr, prevPrev];
  }
  return prev[n] <= max ? prev[n] : max + 1;
}

/**
 * How many typos a phrase of this length may carry and still be recognised. Short words get none: "boss" one
 * edit away is "bass", "boat" or "bos"; long names get up to two ("candy crsh saga", "mobile legneds").
 */
export function allowedTypos(length: number): number {
  if (length < 5) return 0;
  if (length < 9) return 1;
  return 2;
}
