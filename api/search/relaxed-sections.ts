import type { SearchPlan } from './plan';
import type { ConstraintLevel, ScoredFeature } from './rank';
import { byCategory, byTag, fillOrder, LAST_FILL, TAG_ONLY_FILL, finish, groupBy, groupByPlannedSections, groupIntoSections, SECTION_LIMITS, type Group, type Section } from './sections';

/**
 * The board's sections when the query names a genre, a game or a tier (issue 19), in the order the board fills
 * (sections.ts fillOrder): the cards on the exact topic that meet it, in their own sections grouped as usual;
 * then neighbouring topics that meet it ("Bundles in Match-3"); then the cards of near genres or games and then
 * the rest, each in one section whose title says what was relaxed ("Starter Packs in other genres", "Shop and
 * Piggy Bank in other Casino games"); then the neighbours by tag only ("More Offers in Match-3", "Offers outside
 * Match-3"). Never mixed silently.
 */
export function sectionsWithRelaxed(picked: ScoredFeature[], plan: SearchPlan, textOf: (featureId: number) => string): Section[] {
  const inOrder = (...orders: number[]) => picked.filter((f) => orders.includes(fillOrder(f)));
  const constrained = plan.games.length > 0 || plan.tiers.length > 0 || (plan.genres.length > 0 && !plan.softGenres);
  // Without a constraint there is nothing to relax: the engine's usual grouping (neighbours by their own tag).
  if (!constrained) return plan.sections ? groupByPlannedSections(picked, plan, textOf) : groupIntoSections(picked, plan);
  const exact = inOrder(0);
  const present = (...groups: (Group | null)[]) => groups.filter((g): g is Group => g !== null);
  const onTopic = present(neighboursGroup(inOrder(1), plan), relaxedGroup(inOrder(2, 3), plan, 1, 1), relaxedGroup(inOrder(4, 5), plan, 2, 2));
  const mentions = present(mentionsGroup(inOrder(LAST_FILL), plan));
  // Neighbours by tag only (sections.ts fillOrder): those meeting the constraint, then the others; in one section
  // when two would leave the constraint-meeting cards no section of their own.
  let tagOnly = present(neighboursGroup(inOrder(TAG_ONLY_FILL), plan, 'relaxed:tag-only', 'More '), relaxedGroup(inOrder(TAG_ONLY_FILL + 1, TAG_ONLY_FILL + 2), plan, 'outside', 'tag-only'));
  if (tagOnly.length === 2 && onTopic.length + mentions.length + 2 > SECTION_LIMITS.max - 1) {
    tagOnly = present(moreGroup(inOrder(TAG_ONLY_FILL, TAG_ONLY_FILL + 1, TAG_ONLY_FILL + 2), plan));
  }
  const later = [...onTopic, ...tagOnly, ...mentions];
  const room = { max: Math.max(1, SECTION_LIMITS.max - later.length), split: later.length === 0 };
  const own = exact.length === 0 ? [] : plan.sections ? groupByPlannedSections(exact, plan, textOf, room) : groupIntoSections(exact, plan, room);
  const taken = new Set(own.map((s) => s.title));
  return [...own, ...finish(later, plan).map((s) => (taken.has(s.title) ? { ...s, title: `${s.title} (more)` } : s))];
}

/**
 * What the relaxed features of one level are, in words: "in other genres", "from games like Royal Match";
 * 'outside' is levels 1 and 2 together ("outside Match-3").
 */
export function relaxedPhrase(plan: Pick<SearchPlan, 'games' | 'genres' | 'tiers'>, level: ConstraintLevel | 'outside'): string {
  if (level === 'outside') return plan.games.length ? 'from other games' : plan.genres.length ? `outside ${constraintNames(plan)}` : 'in other tiers';
  if (plan.games.length) return level === 1 ? `from games like ${plan.games.join(' & ')}` : 'from other games';
  if (plan.genres.length) {
    const genres = [...new Set(plan.genres.map((g) => g.genre))];
    return level === 1 && genres.length === 1 ? `in other ${genres[0]} games` : 'in other genres';
  }
  return 'in other tiers';
}

/** Where the constraint-meeting cards are from, in words: "in Match-3", "from Royal Match", "in Midcore games". */
function constraintPhrase(plan: SearchPlan): string {
  if (plan.games.length) return `from ${plan.games.join(' & ')}`;
  if (plan.genres.length) return `in ${constraintNames(plan)}`;
  return `in ${plan.tiers.join(', ')} games`;
}

const constraintNames = (plan: Pick<SearchPlan, 'genres'>) => [...new Set(plan.genres.map((g) => g.subgenre ?? g.genre))].join(', ');

/** "Offers", "Offers and Bundles", "Offers, Bundles and more": the topics of a group of cards. */
function topicsOf(features: ScoredFeature[], plan: SearchPlan): string {
  const titles = groupBy(features, plan.tags.length ? byTag : byCategory).map((g) => g.title);
  if (titles.length === 1) return titles[0];
  return titles.length === 2 ? `${titles[0]} and ${titles[1]}` : `${titles[0]}, ${titles[1]} and more`;
}

function relaxedGroup(features: ScoredFeature[], plan: SearchPlan, level: ConstraintLevel | 'outside', order: number | string): Group | null {
  if (features.length === 0) return null;
  const phrase = relaxedPhrase(plan, level);
  // A query that only names games or genres has no topic to title by: the section says where its cards are from.
  const noTopic = plan.tags.length === 0 && plan.keywords.length === 0;
  const title = noTopic
    ? plan.games.length === 1
      ? `More like ${plan.games[0]}`
      : capitalise(phrase.replace(/^in |^from /, ''))
    : `${topicsOf(features, plan)} ${phrase}`;
  return { key: `relaxed:${order}`, title, features };
}

function neighboursGroup(features: ScoredFeature[], plan: SearchPlan, key = 'relaxed:0', prefix = ''): Group | null {
  if (features.length === 0) return null;
  const where = plan.genres.length || plan.games.length || plan.tiers.length ? ` ${constraintPhrase(plan)}` : '';
  // Screens of other categories there because their text speaks of the asked-for ones: titled by what was asked
  // ("Monetization elsewhere in Merge"), not by their own tags.
  if (features.every((f) => f.speaksOfCategory)) {
    const asked = plan.tags.filter((t) => t.secondary === null).map((t) => t.primary);
    return { key, title: `${prefix}${asked.join(' and ')} elsewhere${where}`, features };
  }
  return { key, title: `${prefix}${topicsOf(features, plan)}${where}`, features };
}

/** Neighbours of every constraint level in one section: its title claims no constraint ("More Offers and Bundles"). */
function moreGroup(features: ScoredFeature[], plan: SearchPlan): Group | null {
  return features.length === 0 ? null : { key: 'relaxed:more', title: `More ${topicsOf(features, plan)}`, features };
}

function mentionsGroup(features: ScoredFeature[], plan: SearchPlan): Group | null {
  if (features.length === 0) return null;
  const words = plan.keywords.slice(0, 3).map((w) => `“${w}”`);
  return { key: 'relaxed:mentions', title: words.length ? `More that mention ${words.join(', ')}` : 'More related references', features };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
