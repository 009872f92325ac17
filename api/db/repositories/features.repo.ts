import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { features, games, type Screenshot } from '../schema';
import { isPostgres } from '../postgres';
import type { RepoDb } from './boards.repo';
import { first } from '../dialect';

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
  if (f.genres.length)
    parts.push(or(inArray(games.genre, f.genres), inArray(games.subgenre, f.genres), inArray(games.tier, f.genres)));
  if (f.games.length) parts.push(inArray(games.name, f.games));
  return and(...parts);
}

/** The catalogue's features (shared reference data: no owner). */
export const featuresRepo = {
  /** Inserts or updates features by (game, feature_screen_name); returns nothing (the caller knows its keys). */
  async upsertMany(db: RepoDb, rows: NewFeatureRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 400) {
      await db
        .insert(features)
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
          setWhere: isPostgres(db)
            ? sql`(features.primary_tag, features.secondary_tag, features.short_description, features.detailed_description, features.game_link, features.orientation, features.screenshots)
                is distinct from (excluded.primary_tag, excluded.secondary_tag, excluded.short_description, excluded.detailed_description,
                    excluded.game_link, excluded.orientation, excluded.screenshots)`
            : sql`(primary_tag, secondary_tag, short_description, detailed_description, game_link, orientation, screenshots)
            is not (excluded.primary_tag, excluded.secondary_tag, excluded.short_description, excluded.detailed_description,
                    excluded.game_link, excluded.orientation, excluded.screenshots)`,
        });
    }
  },
  /** Ids keyed by `${gameId}\u0000${featureScreenName}`. */
  async idsByKey(db: RepoDb, gameIds: number[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (let i = 0; i < gameIds.length; i += 500) {
      const rows = await db
        .select({ id: features.id, gameId: features.gameId, name: features.featureScreenName })
        .from(features)
        .where(inArray(features.gameId, gameIds.slice(i, i + 500)));
      for (const r of rows) out.set(`${r.gameId}\u0000${r.name}`, r.id);
    }
    return out;
  },
  /** Ids of the features whose every screenshot path passes `isGenerated` (the demo catalogue's own rows). */
  async generatedFeatureIds(db: RepoDb, isGenerated: (path: string) => boolean): Promise<number[]> {
    const rows = await db
      .select({ id: features.id, screenshots: features.screenshots })
      .from(features)
      .where(sql`${features.screenshots} like '%"static/catalogue/%'`);
    return rows
      .filter((r) => r.screenshots.length > 0 && r.screenshots.every((s) => !s.url && !!s.path && isGenerated(s.path)))
      .map((r) => r.id);
  },
  async deleteByIds(db: RepoDb, ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500)
      await db.delete(features).where(inArray(features.id, ids.slice(i, i + 500)));
  },
  async count(db: RepoDb): Promise<number> {
    return (await db.select({ n: count() }).from(features).limit(1).then(first))?.n ?? 0;
  },
  /** The n-th feature in id order (for a uniform random pick without ORDER BY random() over the table). */
  async nth(db: RepoDb, n: number): Promise<FeatureWithGame | undefined> {
    return db
      .select(featureWithGame)
      .from(features)
      .innerJoin(games, eq(games.id, features.gameId))
      .orderBy(asc(features.id))
      .limit(1)
      .offset(n)
      .then(first);
  },
  async byIds(db: RepoDb, ids: number[]): Promise<FeatureWithGame[]> {
    if (!ids.length) return [];
    return db
      .select(featureWithGame)
      .from(features)
      .innerJoin(games, eq(games.id, features.gameId))
      .where(inArray(features.id, ids));
  },
  /**
   * Every match of a filter as (id, game id), in id order: two integer columns, so even a broad filter over a
   * large catalogue is read in a few milliseconds; the service orders and pages them (feature-search.service).
   */
  async matchIdsWithGame(db: RepoDb, filter: FeatureFilter): Promise<{ id: number; gameId: number }[]> {
    return db
      .select({ id: features.id, gameId: features.gameId })
      .from(features)
      .innerJoin(games, eq(games.id, features.gameId))
      .where(filterCondition(filter))
      .orderBy(asc(features.id));
  },
};
