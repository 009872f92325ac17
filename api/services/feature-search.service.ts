import { FEATURE_TAXONOMY, GENRES, POPULAR_GAMES, TIERS } from '../../shared/taxonomy';
import type { FeatureSearchBody, FeatureSearchFilters, FeatureSearchResponse } from '../../shared/schemas/catalogue';
import { featuresRepo, type FeatureFilter } from '../db/repositories/features.repo';
import { gamesRepo } from '../db/repositories/games.repo';
import type { UserRow } from '../db/repositories/users.repo';
import type { AppDeps } from '../deps';
import { toFeatureRecord } from './catalogue.service';

/**
 * Feature search (spec accounts §2 /feature-search, §4 free-plan limit, §7 POST /api/feature-search).
 * Results take turns by game within equal relevance (see featuresRepo.search), and the cursor is the last sort
 * key returned, so pages never repeat or skip.
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

export function searchFeatures(deps: Pick<AppDeps, 'db'>, user: Pick<UserRow, 'planId'>, body: FeatureSearchBody): FeatureSearchResponse {
  const filter = toFeatureFilter(body.filters);
  const afterKey = body.cursor ?? 0;
  const limited = user.planId <= 1;
  // A limited plan sees the first N matches: cap the search at the N-th match's key, then page as usual.
  const capKey = limited ? featuresRepo.nthMatchKey(deps.db, filter, FREE_PLAN_FEATURE_LIMIT) : undefined;
  const isPlanLimited = limited && capKey !== undefined && featuresRepo.nthMatchKey(deps.db, filter, FREE_PLAN_FEATURE_LIMIT + 1) !== undefined;
  const rows = featuresRepo.search(deps.db, filter, afterKey, body.limit + 1, capKey);
  const hasMore = rows.length > body.limit;
  const page = hasMore ? rows.slice(0, body.limit) : rows;
  return {
    features: page.map(toFeatureRecord),
    hasMore,
    nextCursor: hasMore ? page[page.length - 1].sortKey : null,
    isPlanLimited,
    planLimitReached: limited ? FREE_PLAN_FEATURE_LIMIT : null,
  };
}

/** What the page's pickers show: the catalogue's games plus the taxonomy, genres, tiers and suggested games. */
export function featureSearchFilterOptions(deps: Pick<AppDeps, 'db'>) {
  const games = gamesRepo.names(deps.db);
  const known = new Set(games);
  return {
    games,
    popularGames: POPULAR_GAMES.filter((g) => known.has(g)),
    featureTaxonomy: FEATURE_TAXONOMY as unknown as Record<string, string[]>,
    genres: GENRES as unknown as Record<string, string[]>,
    tiers: [...TIERS],
  };
}
