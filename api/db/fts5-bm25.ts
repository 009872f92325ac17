/**
 * SQLite FTS5's bm25(), computed for PostgreSQL (issue #16: the query engine gives the same results on both
 * databases). The engine scales every full-text score by the best one and keeps a card only above a share of it,
 * so PostgreSQL must score with the same function, not merely order alike: this is FTS5's formula (sqlite
 * ext/fts5/fts5_aux.c, fts5Bm25Function) over the words PostgreSQL stores in features_search_terms
 * (migration-pg 0005_features_search_bm25):
 *
 *   score(D) = Σ over the query's phrases  IDF(p) · f(p, D) · (k1 + 1) / (f(p, D) + k1 · (1 − b + b · |D| / avgdl))
 *   IDF(p)   = ln((N − n(p) + 0.5) / (n(p) + 0.5)), at least 1e-6
 *
 * f(p, D): the phrase's occurrences in D, each counted with its column's weight; |D|: D's words in all columns;
 * avgdl: the catalogue's mean |D|; N: features; n(p): features where the phrase occurs. k1 = 1.2, b = 0.75.
 * Reported negative, best first, like FTS5's rank.
 */

/** Column weights in FTS5's column order: screen name, short description, detailed description, primary tag, secondary tag, game name. */
export const BM25_COLUMN_WEIGHTS = [6, 2, 1, 1.5, 2.5, 0.5] as const;

/** features_search_terms.positions: column × COLUMN_SPAN + the word's position in that column. */
export const COLUMN_SPAN = 65536;

const K1 = 1.2;
const B = 0.75;
const MIN_IDF = 1e-6;

/** One stemmed word of a phrase, at its offset from the phrase's first word. */
export type PhraseWord = { lexeme: string; offset: number };

/** A stemmed word's places in one feature (features_search_terms), and that feature's length in words. */
export type Posting = { lexeme: string; id: number; positions: number[]; length: number };

export type Bm25Hit = { id: number; rank: number };

/** The catalogue's size: features, and words over all of them. */
export type CatalogueStats = { documents: number; words: number };

/**
 * A phrase's words in order, from PostgreSQL's to_tsvector of it (lexeme → positions): "battle pass" →
 * [battl@0, pass@1].
 */
export function phraseWords(rows: { lexeme: string; positions: number[] }[]): PhraseWord[] {
  const words = rows.flatMap((r) => r.positions.map((position) => ({ lexeme: r.lexeme, offset: position })));
  words.sort((a, b) => a.offset - b.offset);
  const first = words[0]?.offset ?? 0;
  return words.map((w) => ({ lexeme: w.lexeme, offset: w.offset - first }));
}

type ByLexeme = Map<string, Map<number, Posting>>;

export function indexPostings(postings: Posting[]): ByLexeme {
  const byLexeme: ByLexeme = new Map();
  for (const p of postings) {
    let docs = byLexeme.get(p.lexeme);
    if (!docs) byLexeme.set(p.lexeme, (docs = new Map()));
    docs.set(p.id, p);
  }
  return byLexeme;
}

/**
 * The phrase's weighted occurrences per feature (features where it does not occur are absent): every place where
 * its first word is followed, in the same column, by the others at their offsets.
 */
export function phraseFrequencies(phrase: PhraseWord[], byLexeme: ByLexeme): Map<number, { frequency: number; length: number }> {
  const found = new Map<number, { frequency: number; length: number }>();
  if (!phrase.length) return found;
  const [head, ...rest] = phrase;
  for (const [id, posting] of byLexeme.get(head.lexeme) ?? []) {
    const others = rest.map((w) => ({ offset: w.offset, places: byLexeme.get(w.lexeme)?.get(id)?.positions }));
    if (others.some((o) => !o.places)) continue;
    const sets = others.map((o) => ({ offset: o.offset, places: new Set(o.places) }));
    let frequency = 0;
    for (const place of posting.positions) {
      // Positions are below COLUMN_SPAN within a column, so place + offset never reaches into the next column.
      if (sets.every((s) => s.places.has(place + s.offset))) frequency += BM25_COLUMN_WEIGHTS[Math.floor(place / COLUMN_SPAN)] ?? 1;
    }
    if (frequency > 0) found.set(id, { frequency, length: posting.length });
  }
  return found;
}

/** FTS5's bm25 over the features where any phrase occurs: best first (most negative), ties by id; at most `limit`. */
export function bm25(phrases: PhraseWord[][], postings: Posting[], stats: CatalogueStats, limit: number): Bm25Hit[] {
  if (stats.documents === 0) return [];
  const byLexeme = indexPostings(postings);
  const avgdl = stats.words / stats.documents;
  const scores = new Map<number, number>();
  for (const phrase of phrases) {
    const frequencies = phraseFrequencies(phrase, byLexeme);
    const idf = Math.max(MIN_IDF, Math.log((stats.documents - frequencies.size + 0.5) / (frequencies.size + 0.5)));
    for (const [id, { frequency, length }] of frequencies) {
      const score = (idf * (frequency * (K1 + 1))) / (frequency + K1 * (1 - B + (B * length) / avgdl));
      scores.set(id, (scores.get(id) ?? 0) + score);
    }
  }
  return [...scores]
    .map(([id, score]) => ({ id, rank: -score }))
    .sort((a, b) => a.rank - b.rank || a.id - b.id)
    .slice(0, limit);
}
