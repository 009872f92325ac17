import { z } from 'zod';
import { FEATURE_SEARCH_PAGE_SIZE } from '../constants';

/**
 * Wire shapes of the catalogue API (spec accounts §3 and §7): games, game info, the random database record,
 * collections, collection use and feature search. The API answers with them; the web parses with them.
 */

export const orientation = z.enum(['horizontal', 'vertical']);
export type Orientation = z.infer<typeof orientation>;

/** GET /api/games */
/**
 * GET /api/games: the spec's {name} per game, plus the catalogue's isTop / isNew flags that the Genres & Games
 * picker's quick game filters (Any, Top Games, New; spec accounts §3) read.
 */
export const gamesResponse = z.object({
  success: z.boolean(),
  games: z.array(z.object({ name: z.string(), isTop: z.boolean(), isNew: z.boolean() })),
});
export type GameListItem = z.infer<typeof gamesResponse>['games'][number];

/** GET /api/games/orientations (cached one hour, spec accounts §9). */
export const gameOrientationsResponse = z.array(z.object({ game_name: z.string(), orientation }));

/** GET /api/game-info?gameName= */
export const gameInfoQuery = z.object({ gameName: z.string().trim().min(1).max(200) });
export const gameInfoResponse = z.union([
  z.object({ success: z.literal(true), genre: z.string(), subgenre: z.string() }),
  z.object({ success: z.literal(false), message: z.string() }),
]);

/** GET /api/database/random-record: the spec's "Random database record", plus the resolved image URLs. */
export const randomRecord = z.object({
  id: z.number(),
  game_name: z.string(),
  feature_screen_name: z.string(),
  short_description: z.string(),
  detailed_description: z.string(),
  game_link: z.string(),
  primary_tag: z.string(),
  secondary_tag: z.string(),
  orientation,
  screenshot_path1: z.string().nullable(),
  screenshot_path2: z.string().nullable(),
  screenshot_path3: z.string().nullable(),
  screenshot_path4: z.string().nullable(),
  screenshot_path5: z.string().nullable(),
  screenshot_url1: z.string().nullable(),
  screenshot_url2: z.string().nullable(),
  screenshot_url3: z.string().nullable(),
  screenshot_url4: z.string().nullable(),
  screenshot_url5: z.string().nullable(),
  /** Each slot resolved by the spec's path rules (a url is preferred per slot), empty slots left out. */
  images: z.array(z.string()),
});
export type RandomRecord = z.infer<typeof randomRecord>;

/** GET /api/collections item. `new` is 1 for new collections (spec accounts §3). */
export const collectionItem = z.object({
  id: z.number(),
  name: z.string(),
  imageUrl: z.string(),
  type: z.enum(['free', 'pro']),
  new: z.union([z.literal(0), z.literal(1)]),
  category: z.string(),
  description: z.string(),
  featureCount: z.number(),
});
export type CollectionItem = z.infer<typeof collectionItem>;
export const collectionsResponse = z.object({ collections: z.record(z.string(), z.array(collectionItem)) });

/** POST /api/collections/:id/use takes a JSON body with no fields (spec accounts §7). */
export const useCollectionBody = z.object({});
export const useCollectionResponse = z.object({ success: z.literal(true), boardId: z.number(), message: z.string() });
/** The 403 body when a free user opens a pro collection: the web opens the upsell on `requiresPro`. */
export const requiresProError = z.object({
  error: z.object({ code: z.literal('requires_pro'), message: z.string() }),
  requiresPro: z.literal(true),
});

const filterList = z.array(z.string().trim().min(1).max(200)).max(100);

/**
 * POST /api/feature-search body. featureTags match a feature's primary or secondary tag; a sub-tag may be
 * qualified as "Category:Sub-tag" to pick it in one category only (e.g. "Meta:Other"). genres match a game's
 * genre, sub-genre or tier; games match game names. Each list is omitted when empty (spec accounts §7).
 */
export const featureSearchFilters = z.object({
  featureTags: filterList.optional(),
  genres: filterList.optional(),
  games: filterList.optional(),
});
export type FeatureSearchFilters = z.infer<typeof featureSearchFilters>;

export const featureSearchBody = z.object({
  filters: featureSearchFilters.default({}),
  /** The previous page's nextCursor (an opaque sort key); results keep one order, so pages never repeat. */
  cursor: z.number().int().nonnegative().nullish(),
  limit: z.number().int().min(1).max(FEATURE_SEARCH_PAGE_SIZE).default(FEATURE_SEARCH_PAGE_SIZE),
});
export type FeatureSearchBody = z.infer<typeof featureSearchBody>;

/** The spec's Feature record with its screenshots resolved to image URLs (1–5, gallery order). */
export const featureRecord = z.object({
  id: z.number(),
  feature_screen_name: z.string(),
  game_name: z.string(),
  game_link: z.string(),
  primary_tag: z.string(),
  secondary_tag: z.string(),
  short_description: z.string(),
  detailed_description: z.string(),
  orientation,
  images: z.array(z.string()),
});
export type FeatureRecord = z.infer<typeof featureRecord>;

export const featureSearchResponse = z.object({
  features: z.array(featureRecord),
  hasMore: z.boolean(),
  nextCursor: z.number().nullable(),
  /** True for a free plan whose result was cut at planLimitReached features. */
  isPlanLimited: z.boolean(),
  /** How many features a limited plan sees (null for plans without the limit). */
  planLimitReached: z.number().nullable(),
  /** How many features match the filters in all, those a limited plan does not see included ("12 of 27"). */
  totalMatches: z.number().int().min(0),
});
export type FeatureSearchResponse = z.infer<typeof featureSearchResponse>;

/** GET /api/feature-search/filters: the spec's `games`, plus the taxonomy the page's pickers show. */
export const featureSearchFiltersResponse = z.object({
  games: z.array(z.string()),
  popularGames: z.array(z.string()),
  featureTaxonomy: z.record(z.string(), z.array(z.string())),
  genres: z.record(z.string(), z.array(z.string())),
  tiers: z.array(z.string()),
});
