import type { FeatureFacts } from '../db/repositories/search.repo';
import type { GameInfo } from './game-names';
import { hasTopic, type SearchPlan } from './plan';
import { genreFit, RELATED_TAGS, tagKey } from './relations';
import { isConstrained } from './scope';
import { CATEGORY_TEXT_HINTS, TAG_TEXT_HINTS } from './synonyms';
import { foldText, IRREGULAR_PLURALS, mentionPattern } from './text';
import type { GenreRef, TagRef } from './vocabulary';
import { wordSynonyms } from './word-synonyms';

/**
 * Ranking: every candidate feature gets
 *   topic   = 3 × tag fit (1 exact sub-tag, 0.7 asked-for category, 0.4 neighbouring sub-tag, 0.2 same category)
 *           + 2 × text (FTS5 bm25 of the query's words, scaled so the best hit is 1)
 *   context = 2 × genre fit (1 exact, 0.6 near sub-genre, 0.3 same genre) + 1 if its tier is named
 *           + 4 if its game is named
 * and ranks by topic + context × on-topic (the better of tag fit and text; 1 when the query has no topic). When
 * the query says what the features are about (tags or words), a feature must be on topic to rank at all, so
 * "starter packs in match-3" never fills up with match-3 level maps; a query that only names games, genres or
 * tiers ranks their features by context alone. Weights are few and round: the judged set (bench:search) barely
 * moves across sensible values, so they are kept simple rather than fitted.
 */
export const WEIGHTS = { tag: 3, text: 2, game: 4, genre: 2, tier: 1 } as const;

/** Fits of a feature's tag to an asked-for tag. */
export const TAG_FIT = { exact: 1, category: 0.7, related: 0.4, sameCategory: 0.2 } as const;

/**
 * The text score below which a word match alone does not make a feature on topic (nor backs a neighbouring tag:
 * sections.ts fillOrder).
 */
export const MIN_TEXT_SCORE = 0.08;
/** Terms of a full-text query at most (fullTextTerms). */
const MAX_FTS_TERMS = 48;

export type ScoredFeature = FeatureFacts & {
  game: GameInfo;
  score: number;
  /** How well it fits what was asked, whatever its genre or game: tag fit and text together (`topic` above). */
  topic: number;
  /** The asked-for tag this feature fits best, and how well (0 when none). */
  tagFit: number;
  fittedTag: TagRef | null;
  /**
   * Its name says every word of a query of two words or more, or of one word that planned to no tag ("Trophy Road"
   * for "trophy road", "Lives" for "lives"): it fits as the asked tag itself would (tagFit), and a query of words
   * only shows it first, in a section of its own (sections.ts).
   */
  namedForQuery: boolean;
  text: number;
  gameNamed: boolean;
  genreFit: number;
  /** How on topic it is: the better of tag fit and text (1 when the plan has no topic); see RELEVANCE_FLOOR. */
  onTopic: number;
  /**
   * How far it is from what the plan constrains: 0 satisfies every named genre, game and tier; 1 is of
   * a near or the same genre only; 2 is outside. Satisfying features fill the board first, in their own
   * sections; the others only top it up, in sections that say what was relaxed.
   */
  level: ConstraintLevel;
  /** Of the genre, sub-genre, game or tier the query names (false when it names none). */
  inScope: boolean;
  /**
   * A named game's screen that only neighbours the topic (by tag or by a word), when that game has fewer than
   * FEW_SCOPE_MATCHES screens on the topic itself (sections.ts pickResults): it comes next, before other games'.
   */
  scopeNeighbour?: boolean;
  /**
   * A screen of a named scope that has nothing on the topic itself, of the asked-for category and whose text matches
   * the topic strongly: it stands for the scope's matches (sections.ts withScopeMentions).
   */
  scopeMention?: boolean;
  /** On the asked-for topic itself (the asked tag or its category, or the words when no tag is asked), not a neighbour. */
  exactTopic: boolean;
  /**
   * A screen of the named scope (a named game, genre, sub-genre or tier) whose name says one of the query's words or
   * phrases, or a word typical of an asked-for tag ("Clan War Leagues" for "coc clan wars", "Daily Booster Wheel"
   * for "daily rewards in match-3"): of the topic even when its tag is not. Always false outside a named scope.
   */
  titleMatch: boolean;
  /**
   * For a plan that asks only for whole categories and constrains a genre, game or tier: a constraint-meeting screen
   * of another category whose text speaks of the asked-for one (the category's words, synonyms.ts CATEGORY_TEXT_HINTS:
   * a merge game's storage with slots at a rising diamond price, for "monetization in merge games"; AFK Arena's idle
   * rewards, "progress that happens offline", for "idle rpg progression"; Brawl Stars' skins, bought with Gems, for
   * "brawl stars monetization"). It fills before the constraint is
   * relaxed (sections.ts fillOrder), unless a near sub-genre has screens of the category itself. Looked for only
   * when the constraint's own screens of the category cannot fill a board (rank.ts rankFeatures).
   */
  speaksOfCategory: boolean;
};

export type ConstraintLevel = 0 | 1 | 2;

/**
 * The relevance floor: a feature below it never makes the board, however few others there are (fewer cards
 * rather than filler). A neighbouring sub-tag (0.4) is the weakest tag fit a designer still calls relevant; a
 * text match must be at least as strong relative to the best one.
 */
export const RELEVANCE_FLOOR = 0.4;

/**
 * The plan's constraints on a game: 0 when it meets all of them; 1 when only its genre is near (or, for a named
 * game, it is another game of that game's sub-genre); 2 otherwise. `namedGenres`: the named games' sub-genres.
 */
export function constraintLevel(
  plan: Pick<SearchPlan, 'games' | 'genres' | 'tiers' | 'softGenres'>,
  game: GameInfo,
  genre: number,
  namedGenres: readonly GenreRef[] = [],
): ConstraintLevel {
  let level: ConstraintLevel = 0;
  if (plan.games.length && !plan.games.includes(game.name))
    level = namedGenres.length && genreFit(game, namedGenres) > 0 ? 1 : 2;
  if ((plan.tiers as readonly string[]).length && !(plan.tiers as readonly string[]).includes(game.tier)) level = 2;
  if (plan.genres.length && !plan.softGenres && genre < 1)
    level = Math.max(level, genre > 0 ? 1 : 2) as ConstraintLevel;
  return level;
}

type Fit = { fit: number; tag: TagRef | null };
const NO_FIT: Fit = { fit: 0, tag: null };

/**
 * How well a feature's (primary, secondary) tag fits the asked-for tags, compiled once per plan into two lookups
 * (by sub-tag, by category) so scoring thousands of candidates is a map read each, not a loop over the plan.
 */
export function compileTagFit(wanted: readonly TagRef[]): (primary: string, secondary: string) => Fit {
  const bySubTag = new Map<string, Fit>();
  const byCategory = new Map<string, Fit>();
  const offer = (map: Map<string, Fit>, key: string, fit: number, tag: TagRef) => {
    if ((map.get(key)?.fit ?? 0) < fit) map.set(key, { fit, tag });
  };
  for (const tag of wanted) {
    if (tag.secondary === null) {
      offer(byCategory, tag.primary, TAG_FIT.category, tag);
      continue;
    }
    offer(bySubTag, tagKey(tag), TAG_FIT.exact, tag);
    for (const related of RELATED_TAGS.get(tagKey(tag)) ?? []) offer(bySubTag, related, TAG_FIT.related, tag);
    offer(byCategory, tag.primary, TAG_FIT.sameCategory, tag);
  }
  return (primary, secondary) => {
    const sub = bySubTag.get(`${primary}/${secondary}`) ?? NO_FIT;
    const category = byCategory.get(primary) ?? NO_FIT;
    return sub.fit >= category.fit ? sub : category;
  };
}

export function tagFit(feature: Pick<FeatureFacts, 'primaryTag' | 'secondaryTag'>, wanted: readonly TagRef[]): Fit {
  return compileTagFit(wanted)(feature.primaryTag, feature.secondaryTag);
}

type GameContext = { named: boolean; genre: number; score: number; level: ConstraintLevel };

/**
 * A plan's scoring function: one feature's score, or null when the plan has a topic and the feature is off it.
 * Per-game context (named, genre fit, tier) is computed once per game and reused for its features.
 */
export function compileScorer(
  plan: SearchPlan,
  lookalikes: readonly GenreRef[] = [],
  namedGenres: readonly GenreRef[] = [],
  distinctiveWords: ReadonlySet<string> = new Set(),
): (feature: FeatureFacts, game: GameInfo, text: number, categoryText?: number) => ScoredFeature | null {
  const fitOf = compileTagFit(plan.tags);
  const topical = hasTopic(plan);
  // Compiled once per plan: read for a named game's screens (fillOrder) and for screens named for a query's words.
  const titleTerms = fullTextTerms(plan)
    .map(mentionPattern)
    .filter((p): p is RegExp => p !== null);
  // A scope's screen is named for what was asked when its name says the query's own words (not a tag's hint words).
  const askedTerms = fullTextTerms({ ...plan, tags: [] })
    .map(mentionPattern)
    .filter((p): p is RegExp => p !== null);
  const contexts = new Map<number, GameContext>();
  const contextOf = (game: GameInfo): GameContext => {
    let context = contexts.get(game.id);
    if (!context) {
      const named = plan.games.includes(game.name);
      const genre = plan.genres.length ? genreFit(game, plan.genres) : 0;
      const tier = (plan.tiers as readonly string[]).includes(game.tier) ? 1 : 0;
      // Games like the named ones (same or near sub-genre) rank after them, below the picking cut (a quarter of the
      // best), so they only fill the board up to its minimum.
      const lookalike = !named && lookalikes.length ? (WEIGHTS.game / 5) * genreFit(game, lookalikes) : 0;
      context = {
        named,
        genre,
        score: WEIGHTS.genre * genre + WEIGHTS.tier * tier + lookalike,
        level: constraintLevel(plan, game, genre, namedGenres),
      };
      contexts.set(game.id, context);
    }
    return context;
  };
  const categoriesInScope = asksCategoriesInScope(plan);
  const constrained = isConstrained(plan);
  // A screen whose name says every word of the query ("Trophy Road" for "trophy road") is what was asked, whatever
  // tag the words planned to: it fits as the asked tag itself would. One word names a screen only when it planned to
  // no tag ("lives": Candy Crush's Lives before screens that only say the word); one that did ("shop") is told by it.
  const queryWords = plan.keywords.length >= 2 || !plan.tags.length ? plan.keywords.map(mentionPattern) : [];
  const saysEveryQueryWord = (foldedTitle: string) => queryWords.every((p) => p !== null && p.test(foldedTitle));
  // A screen of the asked-for category whose name says a distinctive word of the query is as near the asked tag as
  // a neighbouring sub-tag: AFK Arena's "VIP Levels" for "vip subscriptions", before other games' season passes.
  // A common word ("level" in "level editor") would lift every screen it names.
  const distinctivePatterns = plan.keywords.filter((w) => distinctiveWords.has(w)).map(mentionPattern);
  const namedForDistinctive = (foldedTitle: string) =>
    distinctivePatterns.some((p) => p !== null && p.test(foldedTitle));
  return (feature, game, text, categoryText = 0) => {
    // Folded at most once, and only for the few candidates whose name is read (most are found by tag alone).
    let folded: string | undefined;
    const tagFit = fitOf(feature.primaryTag, feature.secondaryTag);
    const { tag } = tagFit;
    // The name is searched with the text: a screen no query word was found in is not named for them (most candidates).
    const namedForQuery =
      queryWords.length > 0 && text >= MIN_TEXT_SCORE && saysEveryQueryWord((folded ??= foldText(feature.title)));
    const fit = namedForQuery
      ? TAG_FIT.exact
      : tagFit.fit === TAG_FIT.sameCategory &&
          text >= MIN_TEXT_SCORE &&
          namedForDistinctive((folded ??= foldText(feature.title)))
        ? TAG_FIT.related
        : tagFit.fit;
    const speaksOfCategory =
      categoriesInScope && fit === 0 && categoryText >= MIN_TEXT_SCORE && contextOf(game).level === 0;
    if (topical && fit < TAG_FIT.sameCategory && text < MIN_TEXT_SCORE && !speaksOfCategory) return null;
    const context = contextOf(game);
    if (!topical && context.score === 0 && !context.named) return null;
    // A screen there for speaking of the asked-for category ranks by how much it does.
    const topicText = speaksOfCategory ? Math.max(text, categoryText) : text;
    const topic = WEIGHTS.tag * fit + WEIGHTS.text * topicText;
    // Context amplifies relevance rather than adding to it: a named game or genre lifts its features as far as
    // they are on topic. "hard levels in puzzle games" ranks puzzle hard levels first, then other games' hard
    // levels, and never fills up with every puzzle game's boosters. With no topic, context is the whole score.
    // A query of words only: a screen named for one of them is on topic however much more other screens say them
    // ("Free Energy Ad" for "energy refill"); explained.ts still asks that the word not be a common one.
    const namedForWords =
      !plan.tags.length &&
      text >= MIN_TEXT_SCORE &&
      titleTerms.some((p) => p.test((folded ??= foldText(feature.title))));
    const onTopic = topical ? Math.max(fit, Math.min(1, topicText), namedForWords ? RELEVANCE_FLOOR : 0) : 1;
    const gameBoost = context.named ? WEIGHTS.game : 0;
    return {
      id: feature.id,
      gameId: feature.gameId,
      primaryTag: feature.primaryTag,
      secondaryTag: feature.secondaryTag,
      title: feature.title,
      game,
      score: topic + (context.score + gameBoost) * onTopic,
      topic,
      tagFit: fit,
      fittedTag: tag,
      namedForQuery,
      text,
      gameNamed: context.named,
      genreFit: context.genre,
      onTopic,
      level: context.level,
      inScope: constrained && context.level === 0,
      exactTopic: plan.tags.length ? fit >= TAG_FIT.category : true,
      titleMatch: context.named
        ? titleTerms.some((p) => p.test((folded ??= foldText(feature.title))))
        : constrained && context.level === 0 && askedTerms.some((p) => p.test((folded ??= foldText(feature.title)))),
      speaksOfCategory,
    };
  };
}

/** True for a plan that asks only for whole categories and constrains a genre, game or tier (see speaksOfCategory). */
export function asksCategoriesInScope(plan: SearchPlan): boolean {
  return isConstrained(plan) && plan.tags.length > 0 && plan.tags.every((t) => t.secondary === null);
}

/** The FTS5 query for the words of the plan's whole categories (synonyms.ts CATEGORY_TEXT_HINTS), or null. */
export function categoryTextQuery(plan: SearchPlan): string | null {
  if (!asksCategoriesInScope(plan)) return null;
  const words = [
    ...new Set(
      plan.tags
        .flatMap((t) => CATEGORY_TEXT_HINTS[t.primary] ?? [])
        .map((w) => foldText(w))
        .filter(Boolean),
    ),
  ];
  return words.length ? words.map((w) => `"${w}"`).join(' OR ') : null;
}

/**
 * An FTS5 query for the plan's words: its phrases and keywords, then the description words typical of the tags it
 * asks for (synonyms.ts TAG_TEXT_HINTS). Each term is quoted, never FTS syntax; any of them may match, and bm25
 * rewards the documents that match more of the rarer ones.
 */
export function fullTextQuery(plan: Pick<SearchPlan, 'phrases' | 'keywords' | 'tags'>): string | null {
  const terms = fullTextTerms(plan);
  return terms.length ? terms.map((t) => `"${t}"`).join(' OR ') : null;
}

/**
 * The folded terms the full-text query searches for: the plan's phrases and keywords, the same-meaning words of its
 * keywords (word-synonyms.ts), then its tags' hint words.
 */
export function fullTextTerms(plan: Pick<SearchPlan, 'phrases' | 'keywords' | 'tags'>): string[] {
  const hints = plan.tags.flatMap((t) => TAG_TEXT_HINTS[tagKey(t)] ?? []);
  const synonyms = plan.keywords.flatMap((k) => wordSynonyms(k));
  const terms = [...plan.phrases, ...plan.keywords, ...synonyms, ...hints].map((t) => foldText(t)).filter(Boolean);
  return [...new Set(terms.flatMap(withIrregularPlural))].slice(0, MAX_FTS_TERMS);
}

/** A term and, when it holds a word with an irregular plural ("life"), the same term with the plural ("lives"). */
function withIrregularPlural(term: string): string[] {
  const words = term.split(' ');
  return words.some((w) => IRREGULAR_PLURALS.has(w))
    ? [term, words.map((w) => IRREGULAR_PLURALS.get(w) ?? w).join(' ')]
    : [term];
}
