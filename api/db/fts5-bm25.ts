import { sql, type SQL } from 'drizzle-orm';

/**
 * SQLite FTS5's bm25(), as a PostgreSQL query (the query engine gives the same results on both
 * databases). The engine scales every full-text score by the best one and keeps a card only above a share of it,
 * so PostgreSQL must score with the same function, not merely order alike. This is FTS5's formula (sqlite
 * ext/fts5/fts5_aux.c, fts5Bm25Function) over the words PostgreSQL stores per feature (migration-pg
 * 0006_features_search_bm25: features_search_terms, features_search_lengths; 0017 puts each word's weighted count
 * and its feature's length on its row), cut and stemmed like FTS5's `porter unicode61` tokenizer:
 *
 *   score(D) = Σ over the query's phrases  IDF(p) · f(p, D) · (k1 + 1) / (f(p, D) + k1 · (1 − b + b · |D| / avgdl))
 *   IDF(p)   = ln((N − n(p) + 0.5) / (n(p) + 0.5)), at least 1e-6
 *
 * f(p, D): the phrase's occurrences in D, each counted with its column's weight; |D|: D's words in all columns;
 * avgdl: the catalogue's mean |D|; N: features; n(p): features where the phrase occurs. k1 = 1.2, b = 0.75.
 * Reported negative, best first, like FTS5's rank.
 */

/**
 * Column weights in FTS5's column order: screen name, short description, detailed description, primary tag,
 * secondary tag, game name. PostgreSQL weighs a word's stored counts with them when it writes them (migration-pg
 * 0017 features_search_weighted): a change here needs a migration that writes them again.
 */
export const BM25_COLUMN_WEIGHTS = [6, 2, 1, 1.5, 2.5, 0.5] as const;

const K1 = 1.2;
const B = 0.75;
const MIN_IDF = 1e-6;
/** features_search_terms.positions: column index × COLUMN_SPAN + position in that column. */
const COLUMN_SPAN = 65536;

/** One stemmed word of a phrase, at its offset from the phrase's first word. */
export type PhraseWord = { lexeme: string; offset: number };

/**
 * `{ phrase, lexeme, positions }` rows: each phrase's words as the catalogue's were cut and stemmed (numbered
 * from 1, in the order given). phraseWords() puts them in order.
 */
export function phraseWordsQuery(phrases: string[]): SQL {
  return sql`select p.i::int phrase, t.lexeme, t.positions::int[] positions
               from unnest(${sql.param(phrases)}::text[]) with ordinality p(text, i)
              cross join lateral unnest(to_tsvector('loot', loot_search_words(p.text))) t`;
}

/** Each phrase's words in order (lexeme → positions rows of phraseWordsQuery): "battle pass" → [battl@0, pass@1]. */
export function phraseWords(
  count: number,
  rows: { phrase: number; lexeme: string; positions: number[] }[],
): PhraseWord[][] {
  return Array.from({ length: count }, (_, i) => {
    const words = rows
      .filter((r) => r.phrase === i + 1)
      .flatMap((r) => r.positions.map((offset) => ({ lexeme: r.lexeme, offset })));
    words.sort((a, b) => a.offset - b.offset);
    return words.map((w) => ({ lexeme: w.lexeme, offset: w.offset - words[0].offset }));
  });
}

/**
 * `(id, frequency, length)`: the features where the phrase occurs, its weighted count there and the feature's length
 * (|D|). A word, or two words in a row, reads its row's count, weighted when written (migration-pg 0017
 * features_search_weighted, with BM25_COLUMN_WEIGHTS); a longer phrase counts every place of its first word
 * followed, in the same column, by the others at their offsets. The words are constants of the statement, so each
 * is one index range of features_search_terms.
 */
function phraseHits(phrase: PhraseWord[]): SQL {
  const [head, ...rest] = phrase;
  const stored = storedLexeme(phrase);
  if (stored !== null)
    return sql`select t0.id, t0.frequency, t0.length from features_search_terms t0 where t0.lexeme = ${stored}`;
  // Only features that hold every pair of words in a row the phrase has (read from the index), then the places.
  // The first word's rows are fetched for those features alone, one index probe each (`offset 0` keeps the planner
  // from turning the probe back into a join): left to itself it read every row of a common first word from the
  // table ("limit" of "limited time events": 12,855 rows for 3,572 features, 4x slower at 100,000 features).
  const pairs = phrase
    .slice(1)
    .flatMap((w, i) => (w.offset === phrase[i].offset + 1 ? [`${phrase[i].lexeme} ${w.lexeme}`] : []));
  const candidates = pairs.length
    ? sql`(${sql.join(
        pairs.map((pair) => sql`select id from features_search_terms where lexeme = ${pair}`),
        sql` intersect `,
      )})`
    : sql`(select id from features_search_terms where lexeme = ${head.lexeme})`;
  const joins = rest.map((w, i) =>
    sql
      .raw(`join features_search_terms t${i + 1} on t${i + 1}.id = d.id and t${i + 1}.lexeme = `)
      .append(sql`${w.lexeme}`),
  );
  const follows = rest.map((w, i) => sql.raw(`p + ${w.offset} = any(t${i + 1}.positions)`));
  return sql`select t0.id, sum((${sql.param([...BM25_COLUMN_WEIGHTS])}::float8[])[p / ${sql.raw(String(COLUMN_SPAN))} + 1]) frequency, t0.length
               from ${candidates} d
              cross join lateral (select * from features_search_terms t0 where t0.id = d.id and t0.lexeme = ${head.lexeme} offset 0) t0
              ${sql.join(joins, sql` `)}
              cross join lateral unnest(t0.positions) p
              where ${sql.join(follows, sql` and `)}
              group by t0.id, t0.length`;
}

/** The row features_search_terms stores for a phrase: a word, or two words in a row ("battl pass"); else null. */
function storedLexeme([head, ...rest]: PhraseWord[]): string | null {
  if (!rest.length) return head.lexeme;
  return rest.length === 1 && rest[0].offset === 1 ? `${head.lexeme} ${rest[0].lexeme}` : null;
}

/** Whether any feature holds the phrase: `{ found }`, the first hit ends the read. */
export function phraseExistsQuery(phrase: PhraseWord[]): SQL | null {
  return phrase.length ? sql`select exists (${phraseHits(phrase)}) found` : null;
}

/** The catalogue's side of bm25: N, its features, and avgdl, their mean length (in words, all columns). */
export type Bm25Stats = { documents: number; averageLength: number };

/** A constant as a float8 (a bare 0.75 is numeric, and would make the arithmetic numeric). */
const float = (n: number) => sql.raw(`${n}::float8`);

/** IDF(p) of a phrase found in `n` (an SQL float8) of the catalogue's features. */
const idf = (stats: Bm25Stats, n: SQL) =>
  sql`greatest(${sql.raw(String(MIN_IDF))}::float8, ln((${stats.documents}::float8 - ${n} + 0.5) / (${n} + 0.5)))`;

/**
 * The row features_search_terms stores for each phrase that has one (a word, or two words in a row), else null: the
 * rows whose document counts (n(p), features where it occurs) the caller reads and keeps per catalogue.
 */
export function storedLexemes(phrases: PhraseWord[][]): (string | null)[] {
  return phrases.map((phrase) => (phrase.length ? storedLexeme(phrase) : null));
}

/** A phrase of three words or more (or with a gap) that features_search_terms holds no row for: its hits are read. */
export function isLongerPhrase(phrase: PhraseWord[]): boolean {
  return phrase.length > 0 && storedLexeme(phrase) === null;
}

/** A phrase's words and offsets as one string: the key its hits are kept under. */
export const phraseKey = (phrase: PhraseWord[]) => phrase.map((w) => `${w.offset}:${w.lexeme}`).join(' ');

/** A longer phrase's hits (phraseHits), one entry per feature it occurs in, as arrays by feature id. */
export type PhraseHitList = { ids: number[]; frequencies: number[]; lengths: number[] };

/** `{ ids, frequencies, lengths }`: a longer phrase's hits, in one row (PhraseHitList). */
export function phraseHitListQuery(phrase: PhraseWord[]): SQL {
  return sql`select coalesce(array_agg(h.id order by h.id), '{}') ids,
                    coalesce(array_agg(h.frequency order by h.id), '{}') frequencies,
                    coalesce(array_agg(h.length order by h.id), '{}') lengths
               from (${phraseHits(phrase)}) h`;
}

/** `{ lexeme, n }` for each stored row asked: how many features it occurs in (its index range, counted). */
export function documentCountsQuery(lexemes: string[]): SQL {
  return sql`select p.lexeme, (select count(*)::int from features_search_terms c where c.lexeme = p.lexeme) n
               from unnest(${sql.param(lexemes)}::text[]) p(lexeme)`;
}

/**
 * A word or pair in more than this share of the catalogue's features is common: bm25Query first scores only the
 * features that hold one of the query's other phrases (see there). Only where the work goes depends on it, never
 * the scores.
 */
const COMMON_SHARE = 0.05;

/**
 * FTS5's bm25 of the phrases (any of them may occur): `{ id, rank }` best first, ties by id, at most `limit`.
 *
 * Each row of a phrase's index range carries its weighted count and the feature's length, and the catalogue's N
 * and avgdl and each stored phrase's n(p) come in as numbers (`documentCounts`: counted once per catalogue version,
 * search.repo.ts), so a range is scored as it is read and only the best `limit` are sorted. The words (one word or
 * two in a row, nearly all of a search's phrases) come as arrays, so the statement's text is the same whatever they
 * are. A phrase of three words or more comes as its hits (`longerPhraseHits`, by phraseKey): the one read that
 * needs the words' positions, from the table rather than an index, which search.repo.ts keeps per catalogue too.
 *
 * A common word ("player" in 80% of the features, "reward" in 40%) is tens of thousands of rows to sum per feature,
 * most of them for features that hold nothing else the query asks, and its IDF is small: one occurrence of a word
 * adds less than IDF · (k1 + 1) to a score. So the features that hold one of the rarer phrases are scored first,
 * in full (their common words' rows read for them alone), and their best `limit` kept when the `limit`-th of them
 * scores above the most a feature of common words alone could (MaxScore, Turtle & Flood 1995): then no other
 * feature can be among the best, and the answer is the full query's, score for score. Otherwise (too few rare hits,
 * or the common words' bound reaches the best scores) the statement scores every row, as without the split.
 */
export function bm25Query(
  phrases: PhraseWord[][],
  limit: number,
  stats: Bm25Stats,
  documentCounts: ReadonlyMap<string, number>,
  longerPhraseHits: ReadonlyMap<string, PhraseHitList>,
): SQL | null {
  const nonEmpty = phrases.filter((phrase) => phrase.length);
  if (!nonEmpty.length || stats.documents === 0) return null;
  const stored = nonEmpty.map(storedLexeme).filter((lexeme) => lexeme !== null);
  const longer = nonEmpty.filter((phrase) => storedLexeme(phrase) === null);
  const counts = stored.map((lexeme) => {
    const n = documentCounts.get(lexeme);
    if (n === undefined) throw new Error(`bm25Query: no document count for "${lexeme}"`);
    return n;
  });
  const common = counts.map((n) => n > stats.documents * COMMON_SHARE);
  const longerLists = longer.map((phrase) => {
    const hits = longerPhraseHits.get(phraseKey(phrase));
    if (!hits) throw new Error(`bm25Query: no hits read for "${phraseKey(phrase)}"`);
    return hits;
  });
  // A longer phrase's hits come in read (longerPhraseHits): n(p) is their number.
  const longerHits = longerLists.map(
    (hits) =>
      sql`select h.id, h.frequency, h.length, ${idf(stats, sql`${hits.ids.length}::float8`)} idf
            from unnest(${sql.param(hits.ids)}::int[], ${sql.param(hits.frequencies)}::float8[], ${sql.param(hits.lengths)}::int[]) h(id, frequency, length)`,
  );
  // A phrase asked twice counts twice, as in FTS5: one row per phrase, duplicates kept.
  const phrasesTable = sql`select p.lexeme, p.common, ${idf(stats, sql`p.n`)} idf
                             from unnest(${sql.param(stored)}::text[], ${sql.param(counts)}::float8[], ${sql.param(common)}::bool[]) p(lexeme, n, common)`;
  const storedHits = (which: SQL) =>
    sql`select t.id, t.frequency, t.length, w.idf from w join features_search_terms t on t.lexeme = w.lexeme where ${which}`;
  // FTS5's sum, term for term: IDF · (f · (k1 + 1)) / (f + k1 · (1 − b + b · |D| / avgdl)).
  const best = (hits: SQL[]) => sql`
    select id, -sum(idf * ((frequency * ${float(K1 + 1)}) / (frequency + ${float(K1)} * (${float(1 - B)} + ${float(B)} * length / ${stats.averageLength}::float8)))) rank
      from (${sql.join(hits, sql` union all `)}) hits
     group by id
     order by rank, id
     limit ${limit}`;
  const everyHit = [...(stored.length ? [storedHits(sql`true`)] : []), ...longerHits];
  // Rare phrases in fewer than `limit` features cannot fill the answer: the split would be work for nothing.
  const rareFeatures =
    counts.reduce((sum, n, i) => (common[i] ? sum : sum + n), 0) +
    longerLists.reduce((sum, hits) => sum + hits.ids.length, 0);
  const rareFirst = common.some(Boolean) && rareFeatures >= limit;
  if (!rareFirst) return sql`with w as (${phrasesTable}) ${best(everyHit)}`;
  return sql`
    with w as (${phrasesTable}),
         rare as (${sql.join([storedHits(sql`not w.common`), ...longerHits], sql` union all `)}),
         best_of_rare as (${best([sql`select * from rare`, sql`${storedHits(sql`w.common`)} and t.id in (select id from rare)`])}),
         rare_suffice as (select count(*) = ${limit} and min(-rank) > (select ${float(K1 + 1)} * sum(idf) from w where common) ok
                            from best_of_rare)
    select id, rank from best_of_rare where (select ok from rare_suffice)
    union all
    select * from (${best(everyHit)}) every_feature where not (select ok from rare_suffice)
    order by rank, id`;
}

/** `{ n }`: how many games other than `exceptGameId` have a feature the phrase occurs in. */
export function phraseGamesQuery(phrase: PhraseWord[], exceptGameId: number): SQL | null {
  return phrase.length
    ? sql`select count(distinct f.game_id)::int n from (${phraseHits(phrase)}) h join features f on f.id = h.id where f.game_id <> ${exceptGameId}`
    : null;
}

/** `{ n }`: how many features the phrase occurs in (what FTS5 counts for a quoted term). */
export function phraseCountQuery(phrase: PhraseWord[], upTo: number): SQL | null {
  return phrase.length
    ? sql`select count(*)::int n from (select 1 from (${phraseHits(phrase)}) h limit ${upTo}) c`
    : null;
}
