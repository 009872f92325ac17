/**
 * Ranking-quality measures for the judged query set (tests/search/judged.json), used by `npm run bench:search`.
 * Graded judgments: 2 = exactly what was asked, 1 = an acceptable neighbour, absent = not relevant.
 */

export type Judgment = { game: string; feature: string; grade: number };
/**
 * What a blind query names (tests/search/blind.json), by the catalogue's exact name: a genre, a sub-genre or a
 * game. A scoped query's judgments list only features of that scope.
 */
export type JudgedScope = { genre: string } | { subgenre: string } | { game: string };
export type JudgedQuery = {
  query: string;
  note: string;
  relevant: Judgment[];
  /** blind.json only: genre, subgenre, game, typo or open. */
  kind?: string;
  scope?: JudgedScope;
  /** blind.json, a scope with no match: the topic's features outside it, which should still be shown after a notice. */
  elsewhere?: { game: string; feature: string }[];
};
export type JudgedSet = { description: string; queries: JudgedQuery[] };

/** True when a game (its name, genre and sub-genre) is inside what a query named. */
export function inScope(scope: JudgedScope, game: { name: string; genre: string; subgenre: string }): boolean {
  if ('game' in scope) return game.name === scope.game;
  if ('subgenre' in scope) return game.subgenre === scope.subgenre;
  return game.genre === scope.genre;
}

export const judgmentKey = (game: string, feature: string) => `${game}\u0000${feature}`;

/** Share of the first k results that are relevant (any grade), over k. */
export function precisionAtK(ranked: readonly string[], grades: ReadonlyMap<string, number>, k = 10): number {
  const top = ranked.slice(0, k);
  return top.filter((key) => (grades.get(key) ?? 0) > 0).length / k;
}

/**
 * Precision at k when the query has fewer than k relevant features in the whole catalogue: hits over
 * min(k, relevant count), so a narrow query that finds all three piggy banks scores 1, not 0.3.
 */
export function cappedPrecisionAtK(ranked: readonly string[], grades: ReadonlyMap<string, number>, k = 10): number {
  const relevant = [...grades.values()].filter((g) => g > 0).length;
  if (relevant === 0) return 0;
  const hits = ranked.slice(0, k).filter((key) => (grades.get(key) ?? 0) > 0).length;
  return hits / Math.min(k, relevant);
}

/** nDCG@k with gains 2^grade − 1 and log2(rank + 1) discounts; the ideal ranking is the judgments sorted by grade. */
export function ndcgAtK(ranked: readonly string[], grades: ReadonlyMap<string, number>, k = 10): number {
  const dcg = (gs: number[]) => gs.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = dcg([...grades.values()].sort((a, b) => b - a));
  return ideal === 0 ? 0 : dcg(ranked.map((key) => grades.get(key) ?? 0)) / ideal;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1);
