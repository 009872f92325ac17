import type Database from 'better-sqlite3';
import type { Db } from '../client';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  BM25_COLUMN_WEIGHTS,
  bm25Query,
  type Bm25Stats,
  documentCountsQuery,
  isLongerPhrase,
  phraseCountQuery,
  phraseExistsQuery,
  phraseGamesQuery,
  phraseHitListQuery,
  type PhraseHitList,
  phraseKey,
  phraseWords,
  phraseWordsQuery,
  type PhraseWord,
  storedLexemes,
} from '../fts5-bm25';
import { isPostgres, pgRows } from '../postgres';
import { withSqlite } from '../transaction';
import type { CatalogueFeatureRow } from './demo-board.repo';
import { queries, type Screenshot } from '../schema';

/**
 * The query engine's SQL: catalogue reads for ranking (light rows first, full rows only for the winners) and the
 * few writes a search makes beyond the shared repositories. Plain prepared statements: a search runs a handful of
 * them per request and the bench holds it to a latency budget (ARCHITECTURE: drizzle where it helps, better-sqlite3
 * directly on hot paths, both inside the caller's transaction).
 */

/** A catalogue game as the engine sees it; `isTop`: one of the catalogue's Top Games (its popularity). */
export type GameInfo = {
  id: number;
  name: string;
  genre: string;
  subgenre: string;
  tier: string;
  storeUrl: string;
  isTop: boolean;
};

/** What ranking needs of a feature: its tags, game and screen name; no descriptions, no screenshots. */
export type FeatureFacts = { id: number; gameId: number; primaryTag: string; secondaryTag: string; title: string };

/** What a card needs of a feature: the same row the demo board writes cards from. */
export type FeatureForCard = CatalogueFeatureRow;

export type FtsHit = { id: number; rank: number };

const readGames = (sqlite: Database.Database) =>
  (
    sqlite
      .prepare('select id, name, genre, subgenre, tier, store_url storeUrl, is_top isTop from games order by id')
      .all() as (Omit<GameInfo, 'isTop'> & { isTop: number })[]
  ).map((g) => ({ ...g, isTop: g.isTop === 1 }));
/** A version table's one number (games_version, features_version: bumped by the database's triggers). */
type VersionTable = 'games_version' | 'features_version';
const readVersion = (sqlite: Database.Database, table: VersionTable) =>
  (sqlite.prepare(`select version from ${table} where id = 1`).get() as { version: number } | undefined)?.version ?? 0;
const pgReadVersion = async (db: Db, table: VersionTable) =>
  (await pgRows<{ version: number }>(db, sql`select version from ${sql.raw(table)} where id = 1`))[0]?.version ?? 0;
/** A feature's words a query may be spelt against: its screen name and both descriptions. */
const FEATURE_TEXT = `feature_screen_name || ' ' || short_description || ' ' || detailed_description`;

/** The quoted phrases of an FTS5 match string (`"a" OR "b"`, the only form the engine builds). */
function quotedPhrases(match: string): string[] {
  return [...match.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"')).filter((p) => p.trim());
}

/**
 * PostgreSQL's twin of an FTS5 match over features_fts: FTS5's bm25 of the same phrases, over the words
 * PostgreSQL stores per feature, cut and stemmed like FTS5's (api/db/fts5-bm25.ts), so scores, and not only
 * their order, are SQLite's. The phrases' words (unless cached), the catalogue's stamp with the counts not kept yet
 * (pgCatalogueCounts), the hits of its longer phrases not kept yet (pgLongerPhraseHits), then the scores.
 */
async function pgFullText(db: Db, match: string, limit: number): Promise<FtsHit[]> {
  const phrases = await pgPhraseWords(db, quotedPhrases(match));
  const { catalogue, stats, documents } = await pgCatalogueCounts(
    db,
    storedLexemes(phrases).filter((l) => l !== null),
  );
  const longerHits = await pgLongerPhraseHits(db, catalogue, phrases.filter(isLongerPhrase));
  const query = bm25Query(phrases, limit, stats, documents, longerHits);
  return query ? pgRows<FtsHit>(db, query) : [];
}

/**
 * What bm25 needs of the catalogue, per database, and the catalogue it was counted at: N and avgdl (counting them
 * reads every feature's length, 100,000 rows at 100,000 features) and each stored word's or pair's n(p), the
 * features it occurs in (counting a common word reads tens of thousands of index rows, as long as scoring it). They
 * are counted once per catalogue: its features_version and games_version (a feature's words change with the
 * feature or its game's name), each with the transaction that last wrote it (xmin), since a rolled-back write
 * leaves a version number the next write uses again for other words. Every search reads the stamp, in the same
 * statement as the counts it does not have yet; a catalogue change committed between that read and the scores is
 * scored with the previous counts, that one query (the search reads the catalogue in several statements anyway).
 */
type CatalogueCounts = { catalogue: string; stats: Bm25Stats; documents: Map<string, number> };
const catalogueCountsCache = new WeakMap<Db, CatalogueCounts>();
/** Words and pairs whose counts one catalogue keeps; past it they are counted again from empty. */
const DOCUMENT_COUNTS_KEPT = 50_000;
const CATALOGUE_STAMP = sql`(select concat_ws(':', f.xmin, f.version, g.xmin, g.version)
                               from features_version f, games_version g where f.id = 1 and g.id = 1)`;

/** The catalogue's stamp and, in the same snapshot, the document counts of `lexemes`. */
async function pgStampAndCounts(db: Db, lexemes: string[]): Promise<{ catalogue: string; counts: [string, number][] }> {
  if (!lexemes.length) {
    const [{ catalogue }] = await pgRows<{ catalogue: string }>(db, sql`select ${CATALOGUE_STAMP} catalogue`);
    return { catalogue, counts: [] };
  }
  const rows = await pgRows<{ catalogue: string; lexeme: string; n: number }>(
    db,
    sql`select ${CATALOGUE_STAMP} catalogue, d.lexeme, d.n from (${documentCountsQuery(lexemes)}) d`,
  );
  return { catalogue: rows[0].catalogue, counts: rows.map((r) => [r.lexeme, r.n]) };
}

async function pgCatalogueCounts(
  db: Db,
  lexemes: readonly string[],
): Promise<{ catalogue: string; stats: Bm25Stats; documents: ReadonlyMap<string, number> }> {
  const uncounted = (entry: CatalogueCounts | undefined) =>
    [...new Set(lexemes)].filter((l) => !entry?.documents.has(l));
  let entry = catalogueCountsCache.get(db);
  const read = await pgStampAndCounts(db, uncounted(entry));
  if (entry?.catalogue !== read.catalogue) {
    // A catalogue not counted yet: N and avgdl, with the stamp again (one snapshot), so they are kept under the
    // catalogue they were counted at.
    const [row] = await pgRows<{ catalogue: string; documents: number; words: number }>(
      db,
      sql`select ${CATALOGUE_STAMP} catalogue, count(*)::float8 documents, coalesce(sum(length), 0)::float8 words
            from features_search_lengths`,
    );
    const stats = { documents: row.documents, averageLength: row.documents ? row.words / row.documents : 0 };
    entry = { catalogue: row.catalogue, stats, documents: new Map() };
    catalogueCountsCache.set(db, entry);
  }
  if (entry.documents.size + read.counts.length > DOCUMENT_COUNTS_KEPT) entry.documents.clear();
  if (read.catalogue === entry.catalogue) for (const [lexeme, n] of read.counts) entry.documents.set(lexeme, n);
  const missing = uncounted(entry);
  if (!missing.length) return entry;
  // The catalogue changed between the reads: the rest counted now, and kept only if it has not changed again.
  const again = await pgStampAndCounts(db, missing);
  const documents = new Map([...entry.documents, ...read.counts, ...again.counts]);
  if (again.catalogue === entry.catalogue) for (const [lexeme, n] of again.counts) entry.documents.set(lexeme, n);
  return { catalogue: entry.catalogue, stats: entry.stats, documents };
}

/**
 * The hits of phrases of three words or more, kept per database and catalogue like the words' counts. Finding them
 * is the one read of a search that needs the words' positions, which only the table holds: a probe of the table per
 * feature holding the phrase's pairs, for each of its words (12,855 rows of "limit" for the 3,572 features of
 * "limited time events" at 100,000 features, over a hundred milliseconds). A phrase read while the catalogue
 * changed (the stamp read with it differs) is used for its query and not kept.
 */
type PhraseHitsKept = { catalogue: string; hits: Map<string, PhraseHitList>; rows: number };
const phraseHitsCache = new WeakMap<Db, PhraseHitsKept>();
/** Hits one catalogue keeps, all phrases together (three numbers each); past it they are read again from empty. */
const PHRASE_HITS_KEPT = 1_000_000;

async function pgLongerPhraseHits(
  db: Db,
  catalogue: string,
  phrases: PhraseWord[][],
): Promise<ReadonlyMap<string, PhraseHitList>> {
  let kept = phraseHitsCache.get(db);
  if (kept?.catalogue !== catalogue) phraseHitsCache.set(db, (kept = { catalogue, hits: new Map(), rows: 0 }));
  const found = new Map<string, PhraseHitList>();
  for (const phrase of phrases) {
    const key = phraseKey(phrase);
    const hits = kept.hits.get(key);
    if (hits) {
      found.set(key, hits);
      continue;
    }
    const [read] = await pgRows<PhraseHitList & { catalogue: string }>(
      db,
      sql`select ${CATALOGUE_STAMP} catalogue, l.ids, l.frequencies, l.lengths from (${phraseHitListQuery(phrase)}) l`,
    );
    const list = { ids: read.ids, frequencies: read.frequencies, lengths: read.lengths };
    found.set(key, list);
    if (read.catalogue !== catalogue) continue;
    if (kept.rows + list.ids.length > PHRASE_HITS_KEPT) {
      kept.hits.clear();
      kept.rows = 0;
    }
    kept.hits.set(key, list);
    kept.rows += list.ids.length;
  }
  return found;
}

/**
 * Phrases already cut and stemmed, per database. A per-process cache where a stale read is harmless: a phrase's
 * words depend only on the 'loot' text search configuration, which only a migration changes (and a new release
 * restarts the processes). Bounded: emptied when it grows past PHRASE_CACHE_SIZE.
 */
const phraseWordsCache = new WeakMap<Db, Map<string, PhraseWord[]>>();
const PHRASE_CACHE_SIZE = 20_000;

async function pgPhraseWords(db: Db, phrases: string[]): Promise<PhraseWord[][]> {
  let cache = phraseWordsCache.get(db);
  if (!cache || cache.size > PHRASE_CACHE_SIZE) phraseWordsCache.set(db, (cache = new Map()));
  const missing = [...new Set(phrases.filter((p) => !cache.has(p)))];
  if (missing.length) {
    const words = phraseWords(missing.length, await pgRows(db, phraseWordsQuery(missing)));
    missing.forEach((p, i) => cache.set(p, words[i]));
  }
  return phrases.map((p) => cache.get(p)!);
}

/** bm25 column weights, in the features_fts column order: a word in the screen's name counts most. */
const BM25_WEIGHTS = BM25_COLUMN_WEIGHTS.map((w) => w.toFixed(1)).join(', ');

export const searchRepo = {
  async games(db: Db): Promise<GameInfo[]> {
    if (isPostgres(db))
      return pgRows<GameInfo>(
        db,
        sql`select id, name, genre, subgenre, tier, store_url "storeUrl", is_top "isTop" from games order by id`,
      );
    return withSqlite(db, readGames);
  },

  /**
   * The games' version: a number the database's triggers bump on every change to a game row (migration
   * 0008_games_version_triggers), so it is the same in every process exactly while the games are. One row read.
   */
  async gamesVersion(db: Db): Promise<number> {
    if (isPostgres(db)) return pgReadVersion(db, 'games_version');
    return withSqlite(db, (sqlite) => readVersion(sqlite, 'games_version'));
  },

  /** The games and the version they are at, read in one transaction so neither is newer than the other. */
  async gamesAtVersion(db: Db): Promise<{ version: number; games: GameInfo[] }> {
    if (isPostgres(db)) {
      // One statement, one snapshot: the version and the games it numbers.
      const rows = await pgRows<GameInfo & { version: number }>(
        db,
        sql`select g.id, g.name, g.genre, g.subgenre, g.tier, g.store_url "storeUrl", g.is_top "isTop", v.version
              from games_version v left join games g on true where v.id = 1 order by g.id`,
      );
      return {
        version: rows[0]?.version ?? 0,
        games: rows.filter((r) => r.id !== null).map(({ version: _v, ...game }) => game),
      };
    }
    // A read transaction run to its end synchronously (a savepoint when the caller's transaction is open).
    return withSqlite(db, (sqlite) =>
      sqlite.transaction(() => ({ version: readVersion(sqlite, 'games_version'), games: readGames(sqlite) }))(),
    );
  },

  /** Full-text hits, best first (bm25 is lower-is-better, so ranks are negative). */
  async fullText(db: Db, match: string, limit: number): Promise<FtsHit[]> {
    if (isPostgres(db)) return pgFullText(db, match, limit);
    return withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare(
            `select rowid id, bm25(features_fts, ${BM25_WEIGHTS}) rank from features_fts where features_fts match ? order by rank limit ?`,
          )
          .all(match, limit) as FtsHit[],
    );
  },

  /**
   * The features' version: a number the database's triggers bump on every change to a feature row (migration
   * 0019_features_version), the same in every process exactly while the features are. One row read.
   */
  async featuresVersion(db: Db): Promise<number> {
    if (isPostgres(db)) return pgReadVersion(db, 'features_version');
    return withSqlite(db, (sqlite) => readVersion(sqlite, 'features_version'));
  },

  /**
   * Every feature's text (its screen name and both descriptions) and the features' version they are at, read in
   * one snapshot, so the words counted from them are exactly that version's.
   */
  async featureTextsAtVersion(db: Db): Promise<{ version: number; texts: string[] }> {
    if (isPostgres(db)) {
      const rows = await pgRows<{ version: number; text: string | null }>(
        db,
        sql`select v.version, ${sql.raw(FEATURE_TEXT)} text
              from features_version v left join features on true where v.id = 1`,
      );
      return { version: rows[0]?.version ?? 0, texts: rows.flatMap((r) => (r.text === null ? [] : [r.text])) };
    }
    return withSqlite(db, (sqlite) =>
      sqlite.transaction(() => ({
        version: readVersion(sqlite, 'features_version'),
        texts: sqlite.prepare(`select ${FEATURE_TEXT} text from features`).pluck().all() as string[],
      }))(),
    );
  },

  /** The catalogue's words stored for a features version (a JSON object of word → count), or null. */
  async storedCatalogueWords(db: Db, version: number): Promise<string | null> {
    if (isPostgres(db))
      return (
        (await pgRows<{ words: string }>(db, sql`select words from catalogue_words where version = ${version}`))[0]
          ?.words ?? null
      );
    return withSqlite(
      db,
      (sqlite) =>
        (sqlite.prepare('select words from catalogue_words where version = ?').pluck().get(version) as
          string | undefined) ?? null,
    );
  },

  /**
   * Keeps a version's words for every process, unless a newer version's are kept already; the older versions'
   * go (no process reads a version older than the current one but to count it again). Two processes storing the
   * same version at once store it once: both counted the same snapshot.
   */
  async storeCatalogueWords(db: Db, version: number, words: string): Promise<void> {
    if (isPostgres(db)) {
      await pgRows(
        db,
        sql`with kept as (
              insert into catalogue_words (version, words)
              select ${version}, ${words} where not exists (select 1 from catalogue_words where version > ${version})
              on conflict (version) do nothing returning version)
            delete from catalogue_words where version < (select version from kept)`,
      );
      return;
    }
    await withSqlite(db, (sqlite) =>
      sqlite.transaction(() => {
        const kept = sqlite
          .prepare(
            `insert into catalogue_words (version, words) select ?, ?
               where not exists (select 1 from catalogue_words where version > ?) on conflict (version) do nothing`,
          )
          .run(version, words, version);
        if (kept.changes) sqlite.prepare('delete from catalogue_words where version < ?').run(version);
      })(),
    );
  },

  /** Whether any catalogue feature says a term (as the full-text search reads it: "loadouts" says "loadout"). */
  async isMentioned(db: Db, term: string): Promise<boolean> {
    const quoted = `"${term.replace(/"/g, '')}"`;
    if (isPostgres(db)) {
      const [words] = await pgPhraseWords(db, quotedPhrases(quoted));
      const query = words && phraseExistsQuery(words);
      // A term the text search drops altogether is not one it can tell about: taken as said.
      return query ? (await pgRows<{ found: boolean }>(db, query))[0].found : true;
    }
    return withSqlite(
      db,
      (sqlite) =>
        sqlite.prepare('select 1 from features_fts where features_fts match ? limit 1').get(quoted) !== undefined,
    );
  },

  /**
   * How many catalogue features the full-text search finds for each quoted term, each counted up to `upTo`. On
   * PostgreSQL a word's or pair's count is the one bm25 keeps per catalogue (one statement for all of them, none
   * once counted); a longer phrase is counted by its own read.
   */
  async documentFrequencies(db: Db, terms: readonly string[], upTo: number): Promise<number[]> {
    const quoted = terms.map((term) => `"${term.replace(/"/g, '')}"`);
    if (isPostgres(db)) {
      // A blank term has no phrase: cut and stemmed from '', it has no words and counts 0.
      const words = await pgPhraseWords(
        db,
        quoted.map((q) => quotedPhrases(q)[0] ?? ''),
      );
      const lexemes = storedLexemes(words);
      const { documents } = await pgCatalogueCounts(
        db,
        lexemes.filter((l) => l !== null),
      );
      const counts: number[] = [];
      for (const [i, phrase] of words.entries()) {
        const lexeme = lexemes[i];
        if (lexeme !== null) {
          counts.push(Math.min(documents.get(lexeme)!, upTo));
          continue;
        }
        const query = phraseCountQuery(phrase, upTo);
        counts.push(query ? (await pgRows<{ n: number }>(db, query))[0].n : 0);
      }
      return counts;
    }
    return withSqlite(db, (sqlite) => {
      const count = sqlite.prepare(
        'select count(*) n from (select 1 from features_fts where features_fts match ? limit ?)',
      );
      return quoted.map((q) => (count.get(q, upTo) as { n: number }).n);
    });
  },

  /** How many games other than `exceptGameId` have a feature the full-text search finds for one quoted term. */
  async otherGamesSaying(db: Db, term: string, exceptGameId: number): Promise<number> {
    const quoted = `"${term.replace(/"/g, '')}"`;
    if (isPostgres(db)) {
      const [words] = await pgPhraseWords(db, quotedPhrases(quoted));
      const query = words && phraseGamesQuery(words, exceptGameId);
      return query ? (await pgRows<{ n: number }>(db, query))[0].n : 0;
    }
    return withSqlite(
      db,
      (sqlite) =>
        (
          sqlite
            .prepare(
              'select count(distinct f.game_id) n from features_fts join features f on f.id = features_fts.rowid where features_fts match ? and f.game_id <> ?',
            )
            .get(quoted, exceptGameId) as { n: number }
        ).n,
    );
  },

  async featureCount(db: Db): Promise<number> {
    if (isPostgres(db)) return (await pgRows<{ n: number | null }>(db, sql`select max(id) n from features`))[0]?.n ?? 0;
    return withSqlite(
      db,
      (sqlite) => (sqlite.prepare('select max(id) n from features').get() as { n: number | null }).n ?? 0,
    );
  },

  /**
   * Every feature as ranking reads it (its tags, game and screen name) and the features' version they are at, read
   * in one snapshot (api/search/catalogue-facts.ts keeps them per version).
   */
  async featureFactsAtVersion(db: Db): Promise<{ version: number; facts: FeatureFacts[] }> {
    if (isPostgres(db)) {
      const rows = await pgRows<FeatureFacts & { version: number; id: number | null }>(
        db,
        sql`select v.version, f.id, f.game_id "gameId", f.primary_tag "primaryTag", f.secondary_tag "secondaryTag",
                   f.feature_screen_name title
              from features_version v left join features f on true where v.id = 1`,
      );
      return {
        version: rows[0]?.version ?? 0,
        facts: rows.flatMap(({ version: _v, ...facts }) => (facts.id === null ? [] : [facts])),
      };
    }
    // Rows as arrays, made into objects here: a large catalogue is 100,000 of them.
    return withSqlite(db, (sqlite) =>
      sqlite.transaction(() => ({
        version: readVersion(sqlite, 'features_version'),
        facts: (
          sqlite
            .prepare('select id, game_id, primary_tag, secondary_tag, feature_screen_name from features')
            .raw(true)
            .all() as [number, number, string, string, string][]
        ).map(([id, gameId, primaryTag, secondaryTag, title]) => ({ id, gameId, primaryTag, secondaryTag, title })),
      }))(),
    );
  },

  /** The winners in full, in the order asked. */
  async featuresForCards(db: Db, ids: number[]): Promise<FeatureForCard[]> {
    if (!ids.length) return [];
    const rows = isPostgres(db)
      ? await pgRows<Omit<FeatureForCard, 'screenshots'> & { screenshots: string }>(
          db,
          sql`select f.id, f.feature_screen_name title, f.short_description description, f.detailed_description "detailedDescription",
                     g.name game, coalesce(nullif(f.game_link, ''), g.store_url) "gameLink", f.primary_tag "primaryTag",
                     f.secondary_tag "secondaryTag", f.orientation, f.screenshots
                from features f join games g on g.id = f.game_id
               where f.id = any(${sql.param(ids)}::int[])`,
        )
      : await withSqlite(
          db,
          (sqlite) =>
            sqlite
              .prepare(
                `select f.id, f.feature_screen_name title, f.short_description description, f.detailed_description detailedDescription,
                g.name game, coalesce(nullif(f.game_link, ''), g.store_url) gameLink, f.primary_tag primaryTag,
                f.secondary_tag secondaryTag, f.orientation, f.screenshots
           from features f join games g on g.id = f.game_id
          where f.id in (select value from json_each(?))`,
              )
              .all(JSON.stringify(ids)) as (Omit<FeatureForCard, 'screenshots'> & { screenshots: string })[],
        );
    const byId = new Map(rows.map((r) => [r.id, { ...r, screenshots: JSON.parse(r.screenshots) as Screenshot[] }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  /** The lowest edge of anything on the board (sections and cards), or null for an empty board. */
  async boardBottom(
    db: Db,
    boardId: number,
    verticalCardHeight: number,
    horizontalCardHeight: number,
  ): Promise<number | null> {
    if (isPostgres(db)) {
      const [row] = await pgRows<{ bottom: number | null }>(
        db,
        sql`select max(bottom) bottom from (
              select y + height bottom from sections where board_id = ${boardId}
              union all
              select y + case when orientation = 'vertical' then ${verticalCardHeight}::float8 else ${horizontalCardHeight}::float8 end from cards where board_id = ${boardId}) b`,
      );
      return row.bottom;
    }
    const row = await withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare(
            `select max(bottom) bottom from (
           select y + height bottom from sections where board_id = ?
           union all
           select y + case when orientation = 'vertical' then ? else ? end from cards where board_id = ?)`,
          )
          .get(boardId, verticalCardHeight, horizontalCardHeight, boardId) as { bottom: number | null },
    );
    return row.bottom;
  },

  /** Features with this screen name and short description (the card a "find similar" query was started from). */
  async idsByNameAndDescription(db: Db, title: string, description: string): Promise<number[]> {
    if (isPostgres(db)) {
      const rows = await pgRows<{ id: number }>(
        db,
        sql`select id from features where feature_screen_name = ${title} and trim(short_description) = ${description}`,
      );
      return rows.map((r) => r.id);
    }
    // The screen name as an FTS phrase narrows to a few rows by index (no scan of the catalogue); the equality
    // test decides. A name without a word to search by falls back to the scan.
    if (!/[\p{L}\p{N}]/u.test(title)) {
      return withSqlite(
        db,
        (sqlite) =>
          sqlite
            .prepare('select id from features where feature_screen_name = ? and trim(short_description) = ?')
            .pluck()
            .all(title, description) as number[],
      );
    }
    return withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare(
            `select id from features where id in (select rowid from features_fts where features_fts match ?)
            and feature_screen_name = ? and trim(short_description) = ?`,
          )
          .pluck()
          .all(`feature_screen_name : "${title.replace(/"/g, '""')}"`, title, description) as number[],
    );
  },

  /** The catalogue features already on a board (a "more like this" search never adds them again). */
  async boardFeatureIds(db: Db, boardId: number): Promise<number[]> {
    if (isPostgres(db))
      return (
        await pgRows<{ id: number }>(
          db,
          sql`select distinct feature_id id from cards where board_id = ${boardId} and feature_id is not null`,
        )
      ).map((r) => r.id);
    return withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare('select distinct feature_id from cards where board_id = ? and feature_id is not null')
          .pluck()
          .all(boardId) as number[],
    );
  },

  /** A section's cards as "more like this section" reads them: tags, game, and where they sit. */
  async sectionCards(
    db: Db,
    sectionId: number,
  ): Promise<{ tags: string; game: string; y: number; orientation: string }[]> {
    if (isPostgres(db))
      return pgRows(db, sql`select tags, game, y, orientation from cards where section_id = ${sectionId} order by id`);
    return withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare('select tags, game, y, orientation from cards where section_id = ? order by id')
          .all(sectionId) as {
          tags: string;
          game: string;
          y: number;
          orientation: string;
        }[],
    );
  },

  /** Whether a query with results was recorded on the board before (the first one names an "Untitled" board). */
  async boardHasAnsweredQuery(db: Db, boardId: number): Promise<boolean> {
    const rows = await db
      .select({ id: queries.id })
      .from(queries)
      .where(and(eq(queries.boardId, boardId), gt(queries.resultCount, 0)))
      .limit(1);
    return rows.length > 0;
  },

  async sectionCount(db: Db, boardId: number): Promise<number> {
    if (isPostgres(db))
      return (await pgRows<{ n: number }>(db, sql`select count(*)::int n from sections where board_id = ${boardId}`))[0]
        .n;
    return withSqlite(
      db,
      (sqlite) =>
        (sqlite.prepare('select count(*) n from sections where board_id = ?').get(boardId) as { n: number }).n,
    );
  },

  async insertQuery(
    db: Db,
    row: { userId: number; boardId: number; text: string; provider: string; resultCount: number; createdAt: number },
  ): Promise<number> {
    if (isPostgres(db)) {
      // PostgreSQL's text cannot hold NUL (SQLite's can): the recorded query drops it rather than failing the search.
      const text = row.text.replaceAll('\u0000', '');
      const [inserted] = await pgRows<{ id: number }>(
        db,
        sql`insert into queries (user_id, board_id, text, provider, result_count, created_at)
            values (${row.userId}, ${row.boardId}, ${text}, ${row.provider}, ${row.resultCount}, ${row.createdAt}) returning id`,
      );
      return inserted.id;
    }
    const result = await withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare(
            'insert into queries (user_id, board_id, text, provider, result_count, created_at) values (?, ?, ?, ?, ?, ?) returning id',
          )
          .get(row.userId, row.boardId, row.text, row.provider, row.resultCount, row.createdAt) as { id: number },
    );
    return result.id;
  },
};
