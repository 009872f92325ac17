import { DEFAULT_LOCALE, type Locale } from '#shared/locale';
import { queryEngineMessages, type RelaxedPlace } from '#shared/messages/query-engine';
import { hasTopic, type SearchPlan } from './plan';
import type { ConstraintLevel, ScoredFeature } from './score';
import { isConstrained, scopeName, scopeSectionTitle } from './scope';
import {
  byCategory,
  byTag,
  fillOrder,
  finish,
  groupBy,
  groupByPlannedSections,
  groupIntoSections,
  IN_SCOPE_FILLS,
  MENTION_FILL,
  NAMED_GAME_FILL,
  OUTSIDE_FILL,
  SCOPE_MENTION_FILL,
  SCOPE_NEIGHBOUR_FILL,
  SECTION_LIMITS,
  TAG_ONLY_FILL,
  type Group,
  type Section,
} from './sections';

/**
 * The board's sections when the query names a genre, sub-genre, game or tier (constraints are
 * constraints), in the order the board fills (sections.ts fillOrder):
 * 1. every picked card of that scope, in ONE first section, ordered by topic fit, then the sub-genre asked, then
 *    the Top Games; titled for the scope and, when fewer than a board's worth, counted ("3 Piggy Bank matches in
 *    Casino games");
 * 2. the scope's own neighbours of the topic ("More Tournaments in Match-3 games") and its cards that mention it;
 * 3. the topic from near genres or games like a named one ("Starter Packs in other Puzzle games"), then from the
 *    rest ("Piggy Bank in other genres"), each in its own titled section, never mixed into the first;
 * 4. neighbours by tag only from outside ("Offers outside Match-3"), then cards there only for a word.
 * A scope with no match of the topic and nothing near it has no first section of its own: the first section from
 * elsewhere says so ("… (none in RPG games)"). A query that names only a scope (no topic) has every card in it: its cards group as usual.
 * The scope's own titles (1, and the "none in" note) are in `locale`, the searching user's language.
 */
export function sectionsWithRelaxed(
  picked: ScoredFeature[],
  plan: SearchPlan,
  textOf: (featureId: number) => string,
  locale: Locale = DEFAULT_LOCALE,
): Section[] {
  const inOrder = (...orders: number[]) => picked.filter((f) => orders.includes(fillOrder(f)));
  // Without a constraint there is nothing to relax: the engine's usual grouping (neighbours by their own tag).
  if (!isConstrained(plan))
    return plan.sections ? groupByPlannedSections(picked, plan, textOf) : groupIntoSections(picked, plan);
  const inScope = picked.filter((f) => IN_SCOPE_FILLS.includes(fillOrder(f)));
  const present = (...groups: (Group | null)[]) => groups.filter((g): g is Group => g !== null);
  const elsewhere = present(
    relaxedGroup(inOrder(OUTSIDE_FILL, OUTSIDE_FILL + 1), plan, 1, 1, locale),
    relaxedGroup(inOrder(OUTSIDE_FILL + 2, OUTSIDE_FILL + 3), plan, 2, 2, locale),
  );
  const namedGame = present(namedGameGroup(inOrder(NAMED_GAME_FILL), plan, locale));
  // The scope's own neighbours of the topic and its cards there for a word come before anything from outside it;
  // then, outside, neighbours by tag only and cards there only for a word. At most six sections in all.
  const scopeMore = present(
    tagOnlyInScopeGroup(inOrder(SCOPE_NEIGHBOUR_FILL), plan, locale),
    mentionsGroup(inOrder(SCOPE_MENTION_FILL), plan, locale, scopeName(plan, locale)),
  );
  const rest = present(
    relaxedGroup(inOrder(TAG_ONLY_FILL), plan, 'outside', 'tag-only', locale),
    mentionsGroup(inOrder(MENTION_FILL), plan, locale),
  );
  const outside = [...namedGame, ...scopeMore, ...elsewhere, ...rest];
  if (!hasTopic(plan)) {
    const room = { max: Math.max(1, SECTION_LIMITS.max - outside.length), split: outside.length === 0 };
    const own =
      inScope.length === 0
        ? []
        : plan.sections
          ? groupByPlannedSections(inScope, plan, textOf, room)
          : groupIntoSections(inScope, plan, room);
    const taken = new Set(own.map((s) => s.title));
    return [
      ...own,
      ...finish(outside, plan).map((s) =>
        taken.has(s.title) ? { ...s, title: queryEngineMessages(locale).sectionAgain(s.title) } : s,
      ),
    ];
  }
  if (inScope.length === 0) {
    // The scope has nothing on the topic: when it has nothing near it either, the first section of the topic from
    // elsewhere says so in its title; a scope with a neighbour or a mention of the topic shows those first instead.
    if (namedGame.length || scopeMore.length) return finish(outside, plan);
    const [first, ...others] = [...elsewhere, ...rest];
    const noted = first
      ? [
          { ...first, title: `${first.title}${queryEngineMessages(locale).scopeNoneSuffix(scopeName(plan, locale))}` },
          ...others,
        ]
      : [];
    return finish(noted, plan);
  }
  return finish(
    [
      { key: 'scope', title: scopeSectionTitle(plan, inScope.length, onlyNearest(inScope), locale), features: inScope },
      ...outside,
    ],
    plan,
  );
}

/** True when a scope's first section holds only its stand-ins for the topic (sections.ts withScopeMentions). */
export function onlyNearest(inScope: readonly ScoredFeature[]): boolean {
  return inScope.length > 0 && inScope.every((f) => f.scopeMention && !f.exactTopic);
}

/**
 * Where the relaxed features of one level come from: "in other genres", "from games like Royal Match"; 'outside'
 * is levels 1 and 2 together ("outside Match-3").
 */
function relaxedPlace(
  plan: Pick<SearchPlan, 'games' | 'genres' | 'tiers'>,
  level: ConstraintLevel | 'outside',
): RelaxedPlace {
  if (level === 'outside')
    return plan.games.length
      ? { kind: 'OtherGames' }
      : plan.genres.length
        ? { kind: 'Outside', names: constraintNames(plan) }
        : { kind: 'OtherTiers' };
  if (plan.games.length)
    return level === 1 ? { kind: 'LikeGames', games: plan.games.join(' & ') } : { kind: 'OtherGames' };
  if (plan.genres.length) {
    const genres = [...new Set(plan.genres.map((g) => g.genre))];
    return level === 1 && genres.length === 1 ? { kind: 'OtherGenreGames', genre: genres[0] } : { kind: 'OtherGenres' };
  }
  return { kind: 'OtherTiers' };
}

/** Where the relaxed features of one level come from, as the answer's sentence says it, in `locale`. */
export function relaxedPhrase(
  plan: Pick<SearchPlan, 'games' | 'genres' | 'tiers'>,
  level: ConstraintLevel | 'outside',
  locale: Locale = DEFAULT_LOCALE,
): string {
  return queryEngineMessages(locale).where(relaxedPlace(plan, level)).phrase;
}

const constraintNames = (plan: Pick<SearchPlan, 'genres'>) =>
  [...new Set(plan.genres.map((g) => g.subgenre ?? g.genre))].join(', ');

/** "Offers", "Offers and Bundles", "Offers, Bundles and more": the topics of a group of cards. */
function topicsOf(features: ScoredFeature[], plan: SearchPlan, locale: Locale): string {
  const m = queryEngineMessages(locale);
  const titles = groupBy(features, plan.tags.length ? byTag : byCategory).map((g) => g.title);
  return titles.length <= 2 ? m.list(titles) : m.andMore(`${titles[0]}, ${titles[1]}`);
}

function relaxedGroup(
  features: ScoredFeature[],
  plan: SearchPlan,
  level: ConstraintLevel | 'outside',
  order: number | string,
  locale: Locale,
): Group | null {
  if (features.length === 0) return null;
  const m = queryEngineMessages(locale);
  const where = m.where(relaxedPlace(plan, level));
  // A query that only names games or genres has no topic to title by: the section says where its cards are from.
  const noTopic = plan.tags.length === 0 && plan.keywords.length === 0;
  const title = noTopic
    ? plan.games.length === 1
      ? m.moreLikeGame(plan.games[0])
      : where.title
    : m.topicsWhere(topicsOf(features, plan, locale), where.phrase);
  return { key: `relaxed:${order}`, title, features };
}

/** A named game's other screens of the topic's kind: "More Monetization from Royal Match". */
function namedGameGroup(features: ScoredFeature[], plan: SearchPlan, locale: Locale): Group | null {
  if (features.length === 0) return null;
  const title = queryEngineMessages(locale).moreFromGame(topicsOf(features, plan, locale), scopeName(plan, locale));
  return { key: 'relaxed:named-game', title, features };
}

/** Neighbours by tag only of the named genre or tier: "More Subscriptions in Puzzle games". */
function tagOnlyInScopeGroup(features: ScoredFeature[], plan: SearchPlan, locale: Locale): Group | null {
  if (features.length === 0) return null;
  const title = queryEngineMessages(locale).moreInScope(topicsOf(features, plan, locale), scopeName(plan, locale));
  return { key: 'relaxed:tag-only-in-scope', title, features };
}

/** Cards there only for a word: "More that mention “seasonal”", or "More in Farming games that mention …" for the scope's own. */
function mentionsGroup(features: ScoredFeature[], plan: SearchPlan, locale: Locale, scope?: string): Group | null {
  if (features.length === 0) return null;
  return {
    key: scope ? 'relaxed:scope-mentions' : 'relaxed:mentions',
    title: queryEngineMessages(locale).moreMentioning(plan.keywords.slice(0, 3), scope),
    features,
  };
}
