import { DEFAULT_LOCALE, type Locale } from '#shared/locale';
import { queryEngineMessages } from '#shared/messages/query-engine';
import { hasTopic, type SearchPlan } from './plan';
import { tagLabel, type GenreRef } from './vocabulary';

/**
 * What a query constrains its board to: the genres, sub-genres, games or tiers it names. A "find
 * similar" text's genre only prefers (softGenres), so it constrains nothing. Cards of the scope make the board's
 * first section; the topic elsewhere comes after, in sections titled for where it is from.
 */
export function isConstrained(plan: Pick<SearchPlan, 'games' | 'genres' | 'tiers' | 'softGenres'>): boolean {
  return plan.games.length > 0 || plan.tiers.length > 0 || (plan.genres.length > 0 && !plan.softGenres);
}

/**
 * The genres a query constrains to, with a genre named beside one of its own sub-genres read as that sub-genre's
 * family name, not as a second scope: "match 3 puzzle games" are match-3 games, and "slots casino games" are slots,
 * so another casino game's piggy bank is not a slots match. Genres named alone ("puzzle and casino") stay.
 */
export function narrowestGenres(genres: readonly GenreRef[]): GenreRef[] {
  return genres.filter(
    (g) => g.subgenre !== null || !genres.some((other) => other.genre === g.genre && other.subgenre !== null),
  );
}

/**
 * The scope in words, as it follows "in": "Royal Match", "Casino games", "Match-3 and Merge games", "Midcore RPG
 * games" (in Russian, the prepositional: «играх Casino»).
 */
export function scopeName(
  plan: Pick<SearchPlan, 'games' | 'genres' | 'tiers' | 'softGenres'>,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const m = queryEngineMessages(locale);
  if (plan.games.length) return m.list(plan.games);
  const genres = plan.softGenres ? [] : [...new Set(plan.genres.map((g) => g.subgenre ?? g.genre))];
  return m.scopeGames([m.list(plan.tiers), m.list(genres)].filter(Boolean).join(' '));
}

/** What was asked for, in words: the asked tags' names ("Piggy Bank", "Guilds & Teams and PvP"), else the query's words. */
export function askedTopic(plan: Pick<SearchPlan, 'tags' | 'keywords'>, locale: Locale = DEFAULT_LOCALE): string {
  const m = queryEngineMessages(locale);
  if (plan.tags.length) {
    const labels = [...new Set(plan.tags.map(tagLabel))];
    return labels.length > 2 ? m.andMore(labels.slice(0, 2).join(', ')) : m.list(labels);
  }
  return m.quoted(plan.keywords.slice(0, 3).join(' '));
}

/**
 * A board's worth of cards (sections.ts RESULT_LIMITS.min): a scope with fewer matches says how many it has
 * ("3 Piggy Bank matches in Casino games"), so the designer knows the rest of the board comes from elsewhere.
 */
export const BOARDS_WORTH = 20;

/**
 * The first section's title: the scope's own matches of the topic, counted when they are fewer than a board's worth;
 * `nearest` when the scope has nothing on the topic itself and its nearest screens stand in (sections.ts).
 */
export function scopeSectionTitle(
  plan: SearchPlan,
  found: number,
  nearest = false,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const m = queryEngineMessages(locale);
  const [topic, scope] = [askedTopic(plan, locale), scopeName(plan, locale)];
  if (nearest) return m.scopeNearest(topic, scope);
  return found < BOARDS_WORTH ? m.scopeCount(found, topic, scope) : m.scopeAll(topic, scope);
}

/**
 * How the scope was met, for the search panel, or null when the query names none (or names only a scope,
 * with no topic: then every card is of it). `found`: the scope's cards on the board; `others`: the cards from
 * elsewhere; `nearest`: the scope's cards are its nearest to the topic, none of them the topic itself.
 */
export function scopeNotice(
  plan: SearchPlan,
  found: number,
  others: number,
  nearest = false,
  locale: Locale = DEFAULT_LOCALE,
): string | null {
  if (!isConstrained(plan) || !hasTopic(plan)) return null;
  const m = queryEngineMessages(locale);
  const topic = askedTopic(plan, locale);
  const scope = scopeName(plan, locale);
  if (found === 0) return m.scopeUnmet(topic, scope, others > 0);
  if (nearest) return m.scopeNearestMet(found, topic, scope, others);
  return m.scopeMet(found, topic, scope, others);
}
