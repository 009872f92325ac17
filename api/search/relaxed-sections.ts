import type { SearchPlan } from './plan';
import { tagLabel } from './vocabulary';
import type { ConstraintLevel, ScoredFeature } from './rank';
import { byCategory, byTag, finish, groupBy, groupByPlannedSections, groupIntoSections, SECTION_LIMITS, type Group, type Section } from './sections';

/**
 * The board's sections when the query names a genre, a game or a tier (issue 19): the features that meet it in
 * their own sections first (grouped as usual), then those that only top the board up, in sections whose titles
 * say what was relaxed ("Starter Packs in other genres", "Offers in other Casino games"). Never mixed silently.
 */

/** At most this many sections of relaxed features per level; more groups are merged into one "More …". */
const RELAXED_SECTIONS_PER_LEVEL = 2;
/** The board's sections left for the features that meet the constraints, at the least. */
const MIN_OWN_SECTIONS = 3;

export function sectionsWithRelaxed(picked: ScoredFeature[], plan: SearchPlan, textOf: (featureId: number) => string): Section[] {
  const satisfying = picked.filter((f) => f.level === 0);
  const levels = ([1, 2] as const).filter((level) => picked.some((f) => f.level === level));
  // With both levels relaxed, each gets one section so the constraint-meeting ones keep their room.
  const perLevel = levels.length > 1 ? 1 : RELAXED_SECTIONS_PER_LEVEL;
  const relaxed = levels.flatMap((level) => relaxedGroups(picked.filter((f) => f.level === level), plan, level, perLevel));
  const room = { max: Math.max(MIN_OWN_SECTIONS, SECTION_LIMITS.max - relaxed.length), split: relaxed.length === 0 };
  const own = plan.sections ? groupByPlannedSections(satisfying, plan, textOf, room) : groupIntoSections(satisfying, plan, room);
  const taken = new Set(own.map((s) => s.title));
  return [...own, ...finish(relaxed, plan).map((s) => (taken.has(s.title) ? { ...s, title: `${s.title} (more)` } : s))];
}

/** What the relaxed features of one level are, in words: "in other genres", "from other games". */
export function relaxedPhrase(plan: Pick<SearchPlan, 'games' | 'genres' | 'tiers'>, level: ConstraintLevel): string {
  if (plan.games.length) return 'from other games';
  if (plan.genres.length) {
    const genres = [...new Set(plan.genres.map((g) => g.genre))];
    return level === 1 && genres.length === 1 ? `in other ${genres[0]} games` : 'in other genres';
  }
  return 'in other tiers';
}

function relaxedGroups(features: ScoredFeature[], plan: SearchPlan, level: ConstraintLevel, sections: number): Group[] {
  if (features.length === 0) return [];
  const phrase = relaxedPhrase(plan, level);
  // A query that only names games or genres has no topic to title by: the section says where its cards are from.
  if (plan.tags.length === 0 && plan.keywords.length === 0) {
    const title = plan.games.length === 1 ? `More like ${plan.games[0]}` : capitalise(phrase.replace(/^in |^from /, ''));
    return [{ key: `relaxed:${level}`, title, features }];
  }
  const keyer = plan.tags.length ? byTag : byCategory;
  const groups = groupBy(features, keyer).map((g) => ({ ...g, key: `relaxed:${level}:${g.key}`, title: `${g.title} ${phrase}` }));
  if (groups.length <= sections) return groups;
  const kept = groups.slice(0, sections - 1);
  const rest = groups.slice(sections - 1).flatMap((g) => g.features);
  const topic = plan.tags.length ? tagLabel(plan.tags[0]) : 'More';
  return [...kept, { key: `relaxed:${level}:more`, title: kept.length ? `More ${phrase}` : `${topic} and neighbours ${phrase}`, features: rest }];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
