import type { FeatureSearchFilters } from '#shared/schemas/catalogue';

/**
 * The feature search page's selection (spec accounts §4 "Feature search"). Genres and Game modes are mutually
 * exclusive: picking a genre or tier clears games, picking a game clears genres. Feature tags are kept as
 * "Category:Sub-tag" so a sub-tag that several categories share ("Other") means one category only.
 */
export type FeatureSearchMode = 'genres' | 'game';

export type FilterSelection = {
  features: string[];
  genres: string[];
  games: string[];
  mode: FeatureSearchMode;
};

export const EMPTY_SELECTION: FilterSelection = { features: [], genres: [], games: [], mode: 'genres' };

/** Spec §5: "Sub-tag and genre toggles add or remove the value." */
export function toggleValue(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export function featureValue(category: string, subTag: string): string {
  return `${category}:${subTag}`;
}

/** "Core Gameplay:Boss" → "Boss"; a shared sub-tag keeps its category: "Meta:Other" → "Meta: Other". */
export function featureLabel(value: string): string {
  const colon = value.indexOf(':');
  if (colon < 0) return value;
  const category = value.slice(0, colon);
  const sub = value.slice(colon + 1);
  return sub === 'Other' ? `${category}: ${sub}` : sub;
}

export function toggleFeature(sel: FilterSelection, value: string): FilterSelection {
  return { ...sel, features: toggleValue(sel.features, value) };
}

/** A genre, sub-genre or tier: toggled, and games cleared (spec §4). */
export function toggleGenre(sel: FilterSelection, value: string): FilterSelection {
  return { ...sel, genres: toggleValue(sel.genres, value), games: [], mode: 'genres' };
}

/** A game is added once; genres are cleared (spec §4). */
export function addGame(sel: FilterSelection, game: string): FilterSelection {
  const games = sel.games.includes(game) ? sel.games : [...sel.games, game];
  return { ...sel, games, genres: [], mode: 'game' };
}

export function removeGame(sel: FilterSelection, game: string): FilterSelection {
  return { ...sel, games: sel.games.filter((g) => g !== game) };
}

export function setMode(sel: FilterSelection, mode: FeatureSearchMode): FilterSelection {
  return { ...sel, mode };
}

/** Spec §4: Clear all empties features, genres and games (the search text is the game box's own state). */
export function clearAll(sel: FilterSelection): FilterSelection {
  return { ...sel, features: [], genres: [], games: [] };
}

/**
 * The request's filters (spec §4, §7): feature tags always, then only the active mode's list; each list is
 * omitted when empty.
 */
export function requestFilters(sel: FilterSelection): FeatureSearchFilters {
  const filters: FeatureSearchFilters = {};
  if (sel.features.length) filters.featureTags = [...sel.features];
  if (sel.mode === 'genres' && sel.genres.length) filters.genres = [...sel.genres];
  if (sel.mode === 'game' && sel.games.length) filters.games = [...sel.games];
  return filters;
}

/** Spec §4: "The search runs only when at least one filter is chosen." */
export function hasFilters(filters: FeatureSearchFilters): boolean {
  return !!(filters.featureTags?.length || filters.genres?.length || filters.games?.length);
}
