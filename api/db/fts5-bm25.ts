import { sql, type SQL } from 'drizzle-orm';

/**
 * SQLite FTS5's bm25(), as a PostgreSQL query (the query engine gives the same results on both
 * databases). The engine scales every full-text score by the best one and keeps a card only above a share of it,
 * so PostgreSQL must score with the same function, not merely order alike. This is FTS5's formula (sqlite
 * ext/fts5/fts5_aux.c, fts5Bm25Function) over the words PostgreSQL stores per feature (migration-pg
 * 0006_features_search_bm25: features_search_terms, features_search_lengths), cut and stemmed like FTS5's
 * `porter unicode61` tokenizer:
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
 * `(id, frequency)`: the features where the phrase occurs and its weighted count there. A word, or two words in a
 * row, reads the stored counts; a longer phrase counts every place of its first word followed, in the same column,
 * by the others at their offsets. The words are constants of the statement, so each is one index range of
 * features_search_terms.
 */
function phraseHits(phrase: PhraseWord[]): SQL {
  const [head, ...rest] = phrase;
  // One word, or two in a row (stored as a pair, "battl pass"): its row's counts, read from the index.
  const stored = !rest.length
    ? head.lexeme
    : rest.length === 1 && rest[0].offset === 1
      ? `${head.lexeme} ${rest[0].lexeme}`
      : null;
  if (stored !== null) {
    const weighted = sql.join(
      BM25_COLUMN_WEIGHTS.map((w, i) => sql.raw(`t0.counts[${i + 1}] * ${w.toFixed(1)}::float8`)),
      sql` + `,
    );
    return sql`select t0.id, ${weighted} frequency from features_search_terms t0 where t0.lexeme = ${stored}`;
  }
  // Only features that hold every pair of words in a row the phrase has (read from the index), then the places.
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
  return sql`select t0.id, sum((${sql.param([...BM25_COLUMN_WEIGHTS])}::float8[])[p / ${sql.raw(String(COLUMN_SPAN))} + 1]) frequency
               from ${candidates} d
               join features_search_terms t0 on t0.id = d.id and t0.lexeme = ${head.lexeme} ${sql.join(joins, sql` `)}
              cross join lateral unnest(t0.positions) p
              where ${sql.join(follows, sql` and `)}
              group by t0.id`;
}

/** Whether any feature holds the phrase: `{ found }`, the first hit ends the read. */
export function phraseExistsQuery(phrase: PhraseWord[]): SQL | null {
  return phrase.length ? sql`select exists (${phraseHits(phrase)}) found` : null;
}

/** FTS5's bm25 of the phrases (any of them may occur): `{ id, rank }` best first, ties by id, at most `limit`. */
export function bm25Query(phrases: PhraseWord[][], limit: number): SQL | null {
  const parts = phrases.flatMap((phrase, i) =>
    phrase.length ? [sql`select ${sql.raw(String(i + 1))} phrase, h.* from (${phraseHits(phrase)}) h`] : [],
  );
  if (!parts.length) return null;
  return sql`
    with hits as (${sql.join(parts, sql` union all `)}),
    stats as (select count(*)::float8 n, coalesce(sum(length), 0)::float8 total from features_search_lengths),
    idf as (
      select h.phrase, greatest(${sql.raw(String(MIN_IDF))}::float8, ln((s.n - count(*) + 0.5) / (count(*) + 0.5))) idf
        from hits h cross join stats s group by h.phrase, s.n)
    select h.id, -sum(i.idf * h.frequency * ${sql.raw(String(K1 + 1))} / (h.frequency + ${sql.raw(String(K1))} * (${sql.raw(String(1 - B))} + ${sql.raw(String(B))} * l.length / (s.total / s.n)))) rank
      from hits h
      join idf i on i.phrase = h.phrase
      join features_search_lengths l on l.id = h.id
     cross join stats s
     group by h.id
     order by rank, h.id
     limit ${limit}`;
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
