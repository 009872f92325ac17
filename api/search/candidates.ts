import { GENRES } from '#shared/taxonomy';
import type { GameIndex } from './game-names';
import { hasTopic, type SearchPlan } from './plan';
import { genreFit, RELATED_TAGS, tagKey } from './relations';
import type { GenreRef } from './vocabulary';

/**
 * Features that match any of: a tag pair, a category, a game, an id from the text search, or (`scoped`) the
 * categories' features of the given games only: the sibling topics inside a named scope.
 */
export type CandidateFilter = {
  tagPairs: [string, string][];
  categories: string[];
  gameIds: number[];
  ids: number[];
  scoped?: { categories: string[]; gameIds: number[] };
};

/**
 * The candidates stage of the pipeline: which catalogue features a plan can reach, as the filters the repository
 * are looked up by (catalogue-facts.ts candidatesOf). Pure: the plan and the catalogue's games in, the filters out.
 */
export type CandidatePool = {
  /** The close candidates: the asked-for tags, the games in context, the full-text hits, the scope's siblings. */
  close: (textIds: readonly number[]) => CandidateFilter;
  /** The asked-for sub-tags' neighbours (Starter Pack → Offers, Loot Boxes → Meta/Collections), or null. */
  related: CandidateFilter | null;
  /** Read only when the close candidates cannot fill a board: the sub-tags' whole categories, same-genre games. */
  fallback: CandidateFilter | null;
  /** The sub-genres of games a query of names only looks alike to (they rank after the named games' own screens). */
  lookalikes: GenreRef[];
  /** The named games' sub-genres. */
  namedGenres: GenreRef[];
};

/** Games like the named ones read for a query that only names games. */
const MAX_LOOKALIKE_GAMES = 60;

const genreRefOf = (game: { genre: string; subgenre: string }): GenreRef | null =>
  game.subgenre && Object.hasOwn(GENRES, game.genre)
    ? { genre: game.genre as GenreRef['genre'], subgenre: game.subgenre }
    : null;

export function candidatePool(plan: SearchPlan, games: GameIndex): CandidatePool {
  const gameIdsInContext = new Set<number>();
  for (const name of plan.games) {
    const game = games.byName.get(name);
    if (game) gameIdsInContext.add(game.id);
  }
  // Without a topic, the genres and tiers are what to rank: their games' features are the candidates (games of
  // the same genre but another sub-genre only when the closer ones cannot fill a board).
  const sameGenreGames: number[] = [];
  // A query that only names games ("royal match") also shows games like them once theirs are on the board.
  const lookalikes: GenreRef[] = [];
  if (!hasTopic(plan) && plan.genres.length === 0 && plan.tiers.length === 0) {
    for (const id of gameIdsInContext) {
      const ref = genreRefOf(games.byId.get(id)!);
      if (ref) lookalikes.push(ref);
    }
  }
  if (!hasTopic(plan)) {
    const alikeGames: { id: number; alike: number }[] = [];
    for (const game of games.games) {
      const fit = plan.genres.length ? genreFit(game, plan.genres) : 0;
      const alike = lookalikes.length ? genreFit(game, lookalikes) : 0;
      if (fit >= 0.6 || (plan.tiers as readonly string[]).includes(game.tier)) gameIdsInContext.add(game.id);
      else if (alike > 0) alikeGames.push({ id: game.id, alike });
      else if (fit > 0) sameGenreGames.push(game.id);
    }
    // Lookalikes only top the board up after the named games' own screens, a few cards per game: the closest
    // MAX_LOOKALIKE_GAMES games are plenty (a large catalogue has thousands of games of a popular sub-genre).
    alikeGames.sort((a, b) => b.alike - a.alike || a.id - b.id);
    for (const { id } of alikeGames.slice(0, MAX_LOOKALIKE_GAMES)) gameIdsInContext.add(id);
  }
  const subTagPairs = plan.tags
    .filter((t) => t.secondary !== null)
    .map((t): [string, string] => [t.primary, t.secondary!]);
  const wholeCategories: string[] = [...new Set(plan.tags.filter((t) => t.secondary === null).map((t) => t.primary))];
  const relatedPairs = plan.tags.flatMap((tag) =>
    tag.secondary === null
      ? []
      : [...(RELATED_TAGS.get(tagKey(tag)) ?? [])].map((related) => related.split('/') as [string, string]),
  );
  // The rest of an asked-for sub-tag's category (scored 0.2) is a fallback pool: on a large catalogue it is
  // thousands of rows that would never make the cut.
  const fallbackCategories = [...new Set(subTagPairs.map(([primary]) => primary))].filter(
    (c) => !wholeCategories.includes(c),
  );
  const scoped = { categories: subTagPairs.map(([primary]) => primary), gameIds: scopeGameIds(plan, games) };
  return {
    close: (textIds) => ({
      tagPairs: subTagPairs,
      categories: wholeCategories,
      gameIds: [...gameIdsInContext],
      ids: [...textIds],
      scoped,
    }),
    related: relatedPairs.length ? { tagPairs: relatedPairs, categories: [], gameIds: [], ids: [] } : null,
    fallback:
      fallbackCategories.length || sameGenreGames.length
        ? { tagPairs: [], categories: fallbackCategories, gameIds: sameGenreGames, ids: [] }
        : null,
    lookalikes,
    namedGenres: plan.games.flatMap((name) => {
      const game = games.byName.get(name);
      const ref = game && genreRefOf(game);
      return ref ? [ref] : [];
    }),
  };
}

/**
 * The games a named genre, sub-genre or game covers, when the query asks for a topic in it: their screens of the
 * topic's categories (its siblings under the same primary tag: Tournaments beside Competitions) are candidates
 * wherever the rest of the catalogue stands, so the scope's own neighbours of the topic are weighed before any
 * card outside it. A tier alone is not such a scope (the contract names genres, sub-genres and games).
 */
function scopeGameIds(plan: SearchPlan, games: GameIndex): number[] {
  if (!hasTopic(plan)) return [];
  const genres = plan.softGenres ? [] : plan.genres;
  if (!genres.length && !plan.games.length) return [];
  return games.games
    .filter((g) => plan.games.includes(g.name) || (genres.length > 0 && !plan.games.length && genreFit(g, genres) >= 1))
    .map((g) => g.id);
}
