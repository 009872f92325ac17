import { FEATURE_CATEGORIES, FEATURE_TAXONOMY } from '../../shared/taxonomy';
import type { Db } from '../db/client';
import type { GameIndex, GameInfo } from './game-names';
import { hasTopic, type SearchPlan } from './plan';
import { areRelatedTags, genreFit } from './relations';
import { searchRepo, type FeatureFacts } from './search.repo';
import type { TagRef } from './vocabulary';

/**
 * Ranking: every candidate feature gets
 *   topic   = 3 × tag fit (1 exact sub-tag, 0.7 asked-for category, 0.4 neighbouring sub-tag, 0.2 same category)
 *           + 2 × text (FTS5 bm25 of the query's words, scaled so the best hit is 1)
 *   context = 4 if its game is named + 2 × genre fit (1 exact, 0.6 near sub-genre, 0.3 same genre) + 1 if its tier is named
 * and ranks by topic + context. When the query says what the features are about (tags or words), a feature must
 * be on topic to rank at all, so "starter packs in match-3" never fills up with match-3 level maps; a query that
 * only names games, genres or tiers ranks their features by context alone.
 */
export const WEIGHTS = { tag: 3, text: 2, game: 4, genre: 2, tier: 1 } as const;

/** Fits of a feature's tag to an asked-for tag. */
export const TAG_FIT = { exact: 1, category: 0.7, related: 0.4, sameCategory: 0.2 } as const;

/** The text score below which a word match alone does not make a feature on topic. */
const MIN_TEXT_SCORE = 0.08;
/** Full-text hits considered per query; the rest are weaker than anything that will make the board. */
const FULL_TEXT_LIMIT = 400;
const MAX_FTS_TERMS = 48;

export type ScoredFeature = FeatureFacts & {
  game: GameInfo;
  score: number;
  /** The asked-for tag this feature fits best, and how well (0 when none). */
  tagFit: number;
  fittedTag: TagRef | null;
  text: number;
  gameNamed: boolean;
  genreFit: number;
};

export function tagFit(feature: Pick<FeatureFacts, 'primaryTag' | 'secondaryTag'>, wanted: readonly TagRef[]): { fit: number; tag: TagRef | null } {
  let best = { fit: 0, tag: null as TagRef | null };
  const own: TagRef = { primary: feature.primaryTag as TagRef['primary'], secondary: feature.secondaryTag || null };
  for (const tag of wanted) {
    let fit = 0;
    if (tag.secondary === null) fit = feature.primaryTag === tag.primary ? TAG_FIT.category : 0;
    else if (feature.primaryTag === tag.primary && feature.secondaryTag === tag.secondary) fit = TAG_FIT.exact;
    else if (areRelatedTags(tag, own)) fit = TAG_FIT.related;
    else if (feature.primaryTag === tag.primary) fit = TAG_FIT.sameCategory;
    if (fit > best.fit) best = { fit, tag };
  }
  return best;
}

/** One feature's score under a plan, or null when the plan has a topic and the feature is off it. */
export function scoreFeature(feature: FeatureFacts, game: GameInfo, text: number, plan: SearchPlan): ScoredFeature | null {
  const { fit, tag } = tagFit(feature, plan.tags);
  if (hasTopic(plan) && fit < TAG_FIT.sameCategory && text < MIN_TEXT_SCORE) return null;
  const gameNamed = plan.games.includes(game.name);
  const genre = plan.genres.length ? genreFit(game, plan.genres) : 0;
  const tier = plan.tiers.includes(game.tier as SearchPlan['tiers'][number]) ? 1 : 0;
  const topic = WEIGHTS.tag * fit + WEIGHTS.text * text;
  const context = (gameNamed ? WEIGHTS.game : 0) + WEIGHTS.genre * genre + WEIGHTS.tier * tier;
  if (!hasTopic(plan) && context === 0) return null;
  return { ...feature, game, score: topic + context, tagFit: fit, fittedTag: tag, text, gameNamed, genreFit: genre };
}

/** An FTS5 query for the plan's words: each phrase and word quoted (never FTS syntax), any of them may match. */
export function fullTextQuery(plan: Pick<SearchPlan, 'phrases' | 'keywords'>): string | null {
  const terms = [...plan.phrases, ...plan.keywords]
    .map((t) => t.replace(/[^a-z0-9 ]/g, ' ').trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .slice(0, MAX_FTS_TERMS);
  return terms.length ? terms.map((t) => `"${t}"`).join(' OR ') : null;
}

const RELATED_PAIRS = Object.entries(FEATURE_TAXONOMY) as [string, readonly string[]][];

const categoryOrder = new Map<string, number>(FEATURE_CATEGORIES.map((c, i) => [c, i]));

/** Ties (common when only a game or genre is named) break by taxonomy order, then id, so results are stable. */
function compareScored(a: ScoredFeature, b: ScoredFeature): number {
  return b.score - a.score || (categoryOrder.get(a.primaryTag) ?? 99) - (categoryOrder.get(b.primaryTag) ?? 99) || a.id - b.id;
}

/** Every catalogue feature the plan can reach, scored, best first. */
export function rankFeatures(db: Db, plan: SearchPlan, games: GameIndex): ScoredFeature[] {
  const match = fullTextQuery(plan);
  const hits = match ? searchRepo.fullText(db, match, FULL_TEXT_LIMIT) : [];
  const bestRank = hits.length ? hits[0].rank : 0;
  const textById = new Map(hits.map((h) => [h.id, bestRank < 0 ? h.rank / bestRank : 0]));

  const gameIdsInContext = new Set<number>();
  for (const name of plan.games) {
    const game = games.byName.get(name);
    if (game) gameIdsInContext.add(game.id);
  }
  // Without a topic, the genres and tiers are what to rank: their games' features are the candidates.
  if (!hasTopic(plan)) {
    for (const game of games.games) {
      const fits = (plan.genres.length && genreFit(game, plan.genres) > 0) || plan.tiers.includes(game.tier as SearchPlan['tiers'][number]);
      if (fits) gameIdsInContext.add(game.id);
    }
  }
  const candidates = searchRepo.candidates(db, {
    tagPairs: plan.tags.filter((t) => t.secondary !== null).map((t) => [t.primary, t.secondary!]),
    // A sub-tag's category is a candidate pool too: its neighbours and same-category features may rank.
    categories: [...new Set(plan.tags.map((t) => t.primary))],
    gameIds: [...gameIdsInContext],
    ids: [...textById.keys()],
  });

  const gamesById = new Map(games.games.map((g) => [g.id, g]));
  const related = relatedOutsideCategories(db, plan);
  const scored: ScoredFeature[] = [];
  const seen = new Set<number>();
  for (const feature of [...candidates, ...related]) {
    if (seen.has(feature.id)) continue;
    seen.add(feature.id);
    const game = gamesById.get(feature.gameId);
    if (!game) continue;
    const s = scoreFeature(feature, game, textById.get(feature.id) ?? 0, plan);
    if (s) scored.push(s);
  }
  return scored.sort(compareScored);
}

/** Neighbouring sub-tags in other categories (Loot Boxes → Meta/Collections) are not in the category pool. */
function relatedOutsideCategories(db: Db, plan: SearchPlan): FeatureFacts[] {
  const categories = new Set(plan.tags.map((t) => t.primary));
  const pairs: [string, string][] = [];
  for (const tag of plan.tags) {
    if (tag.secondary === null) continue;
    for (const [primary, subs] of RELATED_PAIRS) {
      if (categories.has(primary as TagRef['primary'])) continue;
      for (const secondary of subs) {
        if (areRelatedTags(tag, { primary: primary as TagRef['primary'], secondary })) pairs.push([primary, secondary]);
      }
    }
  }
  return pairs.length ? searchRepo.candidates(db, { tagPairs: pairs, categories: [], gameIds: [], ids: [] }) : [];
}
