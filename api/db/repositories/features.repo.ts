import { and, asc, count, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { features, games, type Screenshot } from '../schema';
import type { RepoDb } from './boards.repo';

export type NewFeatureRow = Omit<typeof features.$inferInsert, 'id' | 'createdAt'>;

/** A feature with what every answer about it needs from its game. */
export type FeatureWithGame = {
  id: number;
  featureScreenName: string;
  gameName: string;
  gameLink: string;
  storeUrl: string;
  primaryTag: string;
  secondaryTag: string;
  shortDescription: string;
  detailedDescription: string;
  orientation: string;
  screenshots: Screenshot[];
};

/** The columns of a feature with its game, shared by every catalogue read that builds cards or search results. */
export const featureWithGame = {
  id: features.id,
  featureScreenName: features.featureScreenName,
  gameName: games.name,
  gameLink: features.gameLink,
  storeUrl: games.storeUrl,
  primaryTag: features.primaryTag,
  secondaryTag: features.secondaryTag,
  shortDescription: features.shortDescription,
  detailedDescription: features.detailedDescription,
  orientation: features.orientation,
  screenshots: features.screenshots,
};

/** Feature search filters, already split by kind (see feature-search.service). */
export type FeatureFilter = {
  /** Tags matched against the primary or the secondary tag. */
  tags: string[];
  /** [primary, secondary] pairs matched together ("Meta:Other"). */
  tagPairs: [string, string][];
  /** Matched against the game's genre, sub-genre or tier. */
  genres: string[];
  games: string[];
};

/**
 * Game ids stay below this in a sort key (2^26, 67 million games); the rank within a game is multiplied by it, so
 * a key orders by rank first, then game, and stays an exact integer (rank < 2^27).
 */
const GAME_ID_SPAN = 67_108_864;

/**
 * The matches of a filter with their sort key. Every match is equally relevant (it passes the filter), so
 * results take turns by game: each game's first feature (by id), then each game's second, and so on, and one
 * game with many features cannot fill a page. The key (rank within game × span + game id) is unique per
 * feature and stable while the catalogue is, so it serves as the paging cursor.
 */
function rankedMatches(db: RepoDb, filter: FeatureFilter) {
  return db
    .select({
      id: sql<number>`${features.id}`.as('match_id'),
      sortKey: sql<number>`(row_number() over (partition by ${features.gameId} order by ${features.id})) * ${sql.raw(String(GAME_ID_SPAN))} + ${features.gameId}`.as(
        'sort_key',
      ),
    })
    .from(features)
    .innerJoin(games, eq(games.id, features.gameId))
    .where(filterCondition(filter))
    .as('ranked_matches');
}

function filterCondition(f: FeatureFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.tags.length || f.tagPairs.length) {
    parts.push(
      or(
        ...(f.tags.length ? [inArray(features.primaryTag, f.tags), inArray(features.secondaryTag, f.tags)] : []),
        ...f.tagPairs.map(([p, s]) => and(eq(features.primaryTag, p), eq(features.secondaryTag, s))),
      ),
    );
  }
  if (f.genres.length) parts.push(or(inArray(games.genre, f.genres), inArray(games.subgenre, f.genres), inArray(games.tier, f.genres)));
  if (f.games.length) parts.push(inArray(games.name, f.games));
  return and(...parts);
}

/** The catalogue's features (shared reference data: no owner). */
export const featuresRepo = {
  /** Inserts or updates features by (game, feature_screen_name); returns nothing (the caller knows its keys). */
  upsertMany(db: RepoDb, rows: NewFeatureRow[]): void {
    for (let i = 0; i < rows.length; i += 400) {
      db.insert(features)
        .values(rows.slice(i, i + 400))
        .onConflictDoUpdate({
          target: [features.gameId, features.featureScreenName],
          set: {
            primaryTag: sql`excluded.primary_tag`,
            secondaryTag: sql`excluded.secondary_tag`,
            shortDescription: sql`excluded.short_description`,
            detailedDescription: sql`excluded.detailed_description`,
            gameLink: sql`excluded.game_link`,
            orientation: sql`excluded.orientation`,
            screenshots: sql`excluded.screenshots`,
          },
          // An unchanged row is not rewritten, so a restart does not churn the FTS index.
          setWhere: sql`(primary_tag, secondary_tag, short_description, detailed_description, game_link, orientation, screenshots)
            is not (excluded.primary_tag, excluded.secondary_tag, excluded.short_description, excluded.detailed_description,
                    excluded.game_link, excluded.orientation, excluded.screenshots)`,
        })
        .run();
    }
  },
  /** Ids keyed by `${gameId}\u0000${featureScreenName}`. */
  idsByKey(db: RepoDb, gameIds: number[]): Map<string, number> {
    const out = new Map<string, number>();
    for (let i = 0; i < gameIds.length; i += 500) {
      const rows = db
        .select({ id: features.id, gameId: features.gameId, name: features.featureScreenName })
        .from(features)
        .where(inArray(features.gameId, gameIds.slice(i, i + 500)))
        .all();
      for (const r of rows) out.set(`${r.gameId}\u0000${r.name}`, r.id);
    }
    return out;
  },
  /** Ids of the features whose every screenshot path passes `isGenerated` (the demo catalogue's own rows). */
  generatedFeatureIds(db: RepoDb, isGenerated: (path: string) => boolean): number[] {
    return db
      .select({ id: features.id, screenshots: features.screenshots })
      .from(features)
      .where(sql`${features.screenshots} like '%"static/catalogue/%'`)
      .all()
      .filter((r) => r.screenshots.length > 0 && r.screenshots.every((s) => !s.url && !!s.path && isGenerated(s.path)))
      .map((r) => r.id);
  },
  deleteByIds(db: RepoDb, ids: number[]): void {
    for (let i = 0; i < ids.length; i += 500) db.delete(features).where(inArray(features.id, ids.slice(i, i + 500))).run();
  },
  count(db: RepoDb): number {
    return db.select({ n: count() }).from(features).get()?.n ?? 0;
  },
  /** The n-th feature in id order (for a uniform random pick without ORDER BY random() over the table). */
  nth(db: RepoDb, n: number): FeatureWithGame | undefined {
    return db.select(featureWithGame).from(features).innerJoin(games, eq(games.id, features.gameId)).orderBy(asc(features.id)).limit(1).offset(n).get();
  },
  byIds(db: RepoDb, ids: number[]): FeatureWithGame[] {
    if (!ids.length) return [];
    return db.select(featureWithGame).from(features).innerJoin(games, eq(games.id, features.gameId)).where(inArray(features.id, ids)).all();
  },
  /**
   * One page of a feature search after the sort key `afterKey`: `limit` rows, or fewer at the end, each with its
   * key (the next page's cursor). `upToKey` caps the result (a limited plan sees only the first N matches).
   */
  search(db: RepoDb, filter: FeatureFilter, afterKey: number, limit: number, upToKey?: number): (FeatureWithGame & { sortKey: number })[] {
    const ranked = rankedMatches(db, filter);
    const page = db
      .select({ id: ranked.id, sortKey: ranked.sortKey })
      .from(ranked)
      .where(and(gt(ranked.sortKey, afterKey), upToKey !== undefined ? sql`${ranked.sortKey} <= ${upToKey}` : undefined))
      .orderBy(asc(ranked.sortKey))
      .limit(limit)
      .all();
    const byId = new Map(featuresRepo.byIds(db, page.map((r) => r.id)).map((f) => [f.id, f]));
    return page.flatMap((r) => {
      const feature = byId.get(r.id);
      return feature ? [{ ...feature, sortKey: r.sortKey }] : [];
    });
  },
  /** The sort key of the n-th match (1-based) of a filter, or undefined when there are fewer matches. */
  nthMatchKey(db: RepoDb, filter: FeatureFilter, n: number): number | undefined {
    const ranked = rankedMatches(db, filter);
    return db.select({ sortKey: ranked.sortKey }).from(ranked).orderBy(asc(ranked.sortKey)).limit(1).offset(n - 1).get()?.sortKey;
  },
};
