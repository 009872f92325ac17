import type { CardReason } from '#shared/schemas/card';
import type { Locale } from '#shared/locale';
import type { Db } from '../db/client';
import { searchRepo, type FeatureForCard } from '../db/repositories/search.repo';
import { respellUnknownWords } from './engine';
import { explainedOnly } from './explained';
import type { GameIndex } from './game-names';
import type { SearchPlan } from './plan';
import { rankFeatures } from './rank';
import { RELEVANCE_FLOOR, type ConstraintLevel, type ScoredFeature } from './score';
import { reasonsFor } from './reasons';
import { onlyNearest, sectionsWithRelaxed } from './relaxed-sections';
import { fillOrder, IN_SCOPE_FILLS, pickResults } from './sections';
import { summarise, type SearchSummary } from './summary';
import { queryWordShares } from './word-shares';

/**
 * The query engine, as one pipeline; runPlan calls its stages in this order, each a function of its own module:
 *   1. Read the query: a plan (engine.ts offlinePlan, or the operator's model, llm.ts), its free words respelt
 *      against the catalogue's (engine.ts respellUnknownWords, spelling.ts).
 *   2. Constraints and topic concepts: the plan's tags, genres, sub-genres, games and tiers (parse-query.ts), and
 *      how common the query's words are in the catalogue (word-shares.ts).
 *   3. Candidates: the features the plan can reach (candidates.ts candidatePool), read (rank.ts) and scored by
 *      the plan's scorer (score.ts).
 *   4. Order inside the contract: the board's picks, a named scope's first (sections.ts pickResults), each able to
 *      say why it is there (reasons.ts, explained.ts).
 *   5. Sections: the picks grouped and titled, what was relaxed said (relaxed-sections.ts, sections.ts), and the
 *      answer's summary (summary.ts).
 * Reads only; the service writes the result (board-writer.ts) in one transaction with the usage count.
 */
export type ResultCard = FeatureForCard & { score: number; level: ConstraintLevel; reasons: CardReason[] };
export type ResultSection = { title: string; features: ResultCard[] };
export type SearchResult = {
  sections: ResultSection[];
  resultCount: number;
  /** The picked features' ids in board order (quality is measured on this order). */
  rankedIds: number[];
  /** What matched, for the answer's message. */
  summary: SearchSummary;
  /** The plan as it was searched (its free words respelt), for the reading the answer carries. */
  plan: SearchPlan;
};

export async function runPlan(
  db: Db,
  asked: SearchPlan,
  games: GameIndex,
  exclude: ReadonlySet<number> = new Set(),
  options: { asTyped?: boolean; edit?: (plan: SearchPlan) => SearchPlan; locale?: Locale } = {},
): Promise<SearchResult> {
  // 1. The query's free words, respelt.
  const read = options.asTyped ? { plan: asked, respelled: [] } : await respellUnknownWords(db, asked);
  // A reading the designer changed applies to the words as they were read (respelt), as the panel showed them.
  const plan = options.edit ? options.edit(read.plan) : read.plan;
  // 2. How common its words are.
  const shares = await queryWordShares(db, plan);
  // 3 and 4. Candidates, scored and picked in the contract's order; only the cards that can say why they are there.
  const ranked = pickResults(await rankFeatures(db, plan, games, shares.distinctive, exclude));
  const full = await cardRows(db, ranked);
  const textOf = (id: number) => {
    const f = full.get(id);
    return f ? `${f.title} ${f.description} ${f.detailedDescription}` : '';
  };
  const reasons = new Map(ranked.map((f) => [f.id, reasonsFor(f, plan, textOf(f.id))]));
  const titles = new Map([...full].map(([id, f]) => [id, f.title]));
  const picked = explainedOnly(ranked, plan, reasons, titles, shares);
  // 5. Sections, and what the answer says.
  const scopeFirst = picked.filter((f) => IN_SCOPE_FILLS.includes(fillOrder(f)));
  // The scope's section titles are written in the searching user's language (English unless said).
  const sections = sectionsWithRelaxed(picked, plan, textOf, options.locale)
    .map((s) => ({
      title: s.title,
      features: s.features.map((f: ScoredFeature) => ({
        ...full.get(f.id)!,
        score: f.score,
        level: f.level,
        reasons: reasons.get(f.id)!,
      })),
    }))
    .filter((s) => s.features.length > 0);
  const cards = sections.flatMap((s) => s.features);
  return {
    sections,
    resultCount: cards.length,
    // The board's order: sections top to bottom, so the constraint-meeting cards come first (quality is measured on it).
    rankedIds: cards.map((f) => f.id),
    summary: await summarise(
      db,
      plan,
      cards,
      scopeFirst.length,
      [...(plan.readAs ?? []), ...read.respelled],
      onlyNearest(scopeFirst),
    ),
    plan,
  };
}

/**
 * The same pipeline for "More like this section": up to `limit` more cards for a plan, none of `exclude`, above
 * the relevance floor and each with its reasons, in the order the board fills.
 */
export async function morePicks(
  db: Db,
  plan: SearchPlan,
  games: GameIndex,
  exclude: ReadonlySet<number>,
  limit: number,
): Promise<ResultCard[]> {
  // Distinctive words lift only screens of an asked-for category (rank.ts): a plan without tags needs no count.
  const distinctive = plan.tags.length ? (await queryWordShares(db, plan)).distinctive : new Set<string>();
  // More of the same thing: a scope's weak stand-ins for the topic (a sibling by category alone, a passing mention;
  // sections.ts withScopeMentions) answer a query, not a request for more like a section.
  const ranked = pickResults(await rankFeatures(db, plan, games, distinctive, exclude), {
    min: limit * 2,
    max: limit * 2,
  }).filter((f) => !f.scopeMention || f.onTopic >= RELEVANCE_FLOOR);
  const full = await cardRows(db, ranked);
  const cards: ResultCard[] = [];
  for (const f of ranked) {
    const row = full.get(f.id);
    if (!row || cards.length >= limit) continue;
    const reasons = reasonsFor(f, plan, `${row.title} ${row.description} ${row.detailedDescription}`);
    if (reasons.length) cards.push({ ...row, score: f.score, level: f.level, reasons });
  }
  return cards;
}

/** The picked features in full (what a card shows), by id. */
async function cardRows(db: Db, picked: readonly ScoredFeature[]): Promise<Map<number, FeatureForCard>> {
  return new Map(
    (
      await searchRepo.featuresForCards(
        db,
        picked.map((f) => f.id),
      )
    ).map((f) => [f.id, f]),
  );
}
