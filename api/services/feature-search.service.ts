import { FEATURE_TAXONOMY, GENRES, POPULAR_GAMES, TIERS } from '#shared/taxonomy';
import type { FeatureSearchBody, FeatureSearchFilters, FeatureSearchResponse } from '#shared/schemas/catalogue';
import { featuresRepo, type FeatureFilter } from '../db/repositories/features.repo';
import { gamesRepo } from '../db/repositories/games.repo';
import type { UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { toFeatureRecord } from './catalogue.service';

/**
 * Feature search (spec accounts §2 /feature-search, §4 free-plan limit, §7 POST /api/feature-search).
 * Results take turns by game within equal relevance (interleaveByGame), and the cursor is the last sort key
 * returned, so pages never repeat or skip.
 */

/**
 * How many features a free plan (plan_id 1) sees per search (spec accounts §3: planLimitReached is "the number of
 * features visible to a limited plan"; its value is not given, so this is ours). After them the page shows
 * locked placeholders.
 */
export const FREE_PLAN_FEATURE_LIMIT = 12;

/** Splits the request's tags into plain names and "Category:Sub-tag" pairs. */
export function toFeatureFilter(filters: FeatureSearchFilters): FeatureFilter {
  const tags: string[] = [];
  const tagPairs: [string, string][] = [];
  for (const tag of filters.featureTags ?? []) {
    const colon = tag.indexOf(':');
    const primary = tag.slice(0, colon).trim();
    if (colon > 0 && primary in FEATURE_TAXONOMY) tagPairs.push([primary, tag.slice(colon + 1).trim()]);
    else tags.push(tag);
  }
  return { tags, tagPairs, genres: filters.genres ?? [], games: filters.games ?? [] };
}

/**
 * Game ids stay below this in a sort key (2^26); the rank within a game is multiplied by it, so a key orders by
 * rank first, then game, and stays an exact integer.
 */
const GAME_ID_SPAN = 67_108_864;

/**
 * The order of feature search results. Every match is equally relevant (it passes the filter), so results take
 * turns by game: each game's first feature (by id), then each game's second, and so on, and one game with many
 * features cannot fill a page. Each match gets a sort key (rank within its game × span + game id), unique and
 * stable while the catalogue is, which is also the paging cursor.
 *
 * @example interleaveByGame([{id: 1, gameId: 1}, {id: 2, gameId: 1}, {id: 3, gameId: 2}]) // ids 1, 3, 2
 */
export function interleaveByGame(
  matches: readonly { id: number; gameId: number }[],
): { id: number; sortKey: number }[] {
  const seen = new Map<number, number>();
  const keyed = matches.map(({ id, gameId }) => {
    const rank = (seen.get(gameId) ?? 0) + 1;
    seen.set(gameId, rank);
    return { id, sortKey: rank * GAME_ID_SPAN + gameId };
  });
  return keyed.sort((a, b) => a.sortKey - b.sortKey);
}

export async function searchFeatures(
  deps: Pick<AppDeps, 'db'>,
  user: Pick<UserRow, 'planId'>,
  body: FeatureSearchBody,
): Promise<FeatureSearchResponse> {
  const ordered = interleaveByGame(await featuresRepo.matchIdsWithGame(deps.db, toFeatureFilter(body.filters)));
  const limited = user.planId <= 1;
  // A limited plan sees the first N matches in this order, whatever the cursor.
  const visible = limited ? ordered.slice(0, FREE_PLAN_FEATURE_LIMIT) : ordered;
  const isPlanLimited = limited && ordered.length > FREE_PLAN_FEATURE_LIMIT;
  const afterKey = body.cursor ?? 0;
  const start = visible.findIndex((m) => m.sortKey > afterKey);
  const slice = start === -1 ? [] : visible.slice(start, start + body.limit + 1);
  const hasMore = slice.length > body.limit;
  const page = hasMore ? slice.slice(0, body.limit) : slice;
  const byId = new Map(
    (
      await featuresRepo.byIds(
        deps.db,
        page.map((m) => m.id),
      )
    ).map((f) => [f.id, f]),
  );
  return {
    features: page.flatMap((m) => {
      const feature = byId.get(m.id);
      return feature ? [toFeatureRecord(feature)] : [];
    }),
    hasMore,
    nextCursor: hasMore ? page[page.length - 1].sortKey : null,
    isPlanLimited,
    planLimitReached: limited ? FREE_PLAN_FEATURE_LIMIT : null,
    totalMatches: ordered.length,
  };
}

/** What the page's pickers show: the catalogue's games plus the taxonomy, genres, tiers and suggested games. */
export async function featureSearchFilterOptions(deps: Pick<AppDeps, 'db'>) {
  const games = await gamesRepo.names(deps.db);
  const known = new Set(games);
  return {
    games,
    popularGames: POPULAR_GAMES.filter((g) => known.has(g)),
    featureTaxonomy: FEATURE_TAXONOMY as unknown as Record<string, string[]>,
    genres: GENRES as unknown as Record<string, string[]>,
    tiers: [...TIERS],
  };
}
