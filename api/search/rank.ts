import { FEATURE_CATEGORIES, FEATURE_TAXONOMY } from '#shared/taxonomy';
import type { Db } from '../db/client';
import { searchRepo } from '../db/repositories/search.repo';
import { candidatePool } from './candidates';
import { candidatesOf, loadCatalogueFacts } from './catalogue-facts';
import type { GameIndex } from './game-names';
import type { SearchPlan } from './plan';
import { categoryTextQuery, compileScorer, fullTextQuery, type ScoredFeature } from './score';

/**
 * The scoring stage's reads: the full-text hits and the candidates a plan reaches (candidates.ts), scored by the
 * plan's pure scorer (score.ts), best first.
 */

/** Full-text hits considered per query; the rest are weaker than anything that will make the board. */
const FULL_TEXT_LIMIT = 400;
/**
 * Fewer constraint-meeting screens of asked-for whole categories than this (a board's minimum, sections.ts
 * RESULT_LIMITS) and the constraint's screens that speak of those categories are read too.
 */
const CATEGORY_TEXT_POOL = 20;
/** Fewer close candidates than this (two boards' worth) and the fallback pool is read too (candidates.ts). */
const FALLBACK_POOL_THRESHOLD = 60;

/** Full-text hits as scores relative to the best one (1 for the best; bm25 ranks are negative, best first). */
async function relativeText(db: Db, match: string | null): Promise<Map<number, number>> {
  const hits = match ? await searchRepo.fullText(db, match, FULL_TEXT_LIMIT) : [];
  const bestRank = hits.length ? hits[0].rank : 0;
  return new Map(hits.map((h) => [h.id, bestRank < 0 ? h.rank / bestRank : 0]));
}

/** Taxonomy order of a tag pair: categories in FEATURE_TAXONOMY order, then sub-tags in theirs (core loop first). */
const taxonomyOrder = new Map<string, number>(
  FEATURE_CATEGORIES.flatMap((c, i) =>
    (FEATURE_TAXONOMY[c] as readonly string[]).map((sub, j): [string, number] => [`${c}/${sub}`, i * 100 + j]),
  ),
);
const orderOf = (f: ScoredFeature) => taxonomyOrder.get(`${f.primaryTag}/${f.secondaryTag}`) ?? 9999;

/**
 * Best first; ties (common when only a game or genre is named) break by taxonomy order, then id, so results are
 * stable. The taxonomy order is looked up once per feature, not per comparison (thousands of candidates on a large
 * catalogue).
 */
function sortScored(scored: ScoredFeature[]): ScoredFeature[] {
  const keyed = scored.map((f) => ({ f, order: orderOf(f) }));
  keyed.sort((a, b) => b.f.score - a.f.score || a.order - b.order || a.f.id - b.f.id);
  return keyed.map((k) => k.f);
}

/**
 * Every catalogue feature the plan can reach, scored, best first. `distinctiveWords`: the query's words few of the
 * catalogue's features say (word-shares.ts queryWordShares). `excludeIds`: features never to return (the card a
 * "find similar" query starts from).
 */
export async function rankFeatures(
  db: Db,
  plan: SearchPlan,
  games: GameIndex,
  distinctiveWords: ReadonlySet<string>,
  excludeIds: ReadonlySet<number> = new Set(),
): Promise<ScoredFeature[]> {
  const pool = candidatePool(plan, games);
  const [textById, facts] = await Promise.all([relativeText(db, fullTextQuery(plan)), loadCatalogueFacts(db)]);
  const candidates = [
    ...candidatesOf(facts, pool.close([...textById.keys()])),
    ...(pool.related ? candidatesOf(facts, pool.related) : []),
  ];
  if (candidates.length < FALLBACK_POOL_THRESHOLD && pool.fallback)
    candidates.push(...candidatesOf(facts, pool.fallback));

  const score = compileScorer(plan, pool.lookalikes, pool.namedGenres, distinctiveWords);
  const scoreAll = (categoryTextById: ReadonlyMap<number, number> = new Map()): ScoredFeature[] => {
    const scored: ScoredFeature[] = [];
    const seen = new Set<number>();
    for (const feature of candidates) {
      if (seen.has(feature.id) || excludeIds.has(feature.id)) continue;
      seen.add(feature.id);
      const game = games.byId.get(feature.gameId);
      if (!game) continue;
      const s = score(feature, game, textById.get(feature.id) ?? 0, categoryTextById.get(feature.id) ?? 0);
      if (s) scored.push(s);
    }
    return scored;
  };
  let scored = scoreAll();
  // Whole categories asked in a genre, game or tier: when the constraint's own screens of the categories cannot fill a
  // board, its screens that speak of them top it up before the constraint is relaxed (speaksOfCategory). Searched
  // only then: on a large catalogue the category's words are in a fifth of all descriptions.
  const categoryMatch = categoryTextQuery(plan);
  if (categoryMatch && scored.filter((f) => f.level === 0 && f.exactTopic).length < CATEGORY_TEXT_POOL) {
    const categoryTextById = await relativeText(db, categoryMatch);
    const known = new Set(candidates.map((f) => f.id));
    const extra = [...categoryTextById.keys()].filter((id) => !known.has(id));
    if (extra.length)
      candidates.push(...candidatesOf(facts, { tagPairs: [], categories: [], gameIds: [], ids: extra }));
    scored = scoreAll(categoryTextById);
  }
  return sortScored(scored);
}
