import { webI18n } from '../../i18n/i18n';

/**
 * What the two pickers of the search panel hold (spec accounts §2 "Search panel", §4 "Picker effect", §5):
 * features (category or sub-feature names) and the context (super-genre chips, genres or sub-genres, games).
 * 'Any' is the super-genre chip meaning "no context"; it is exclusive.
 */
export type PickerSelection = {
  features: string[];
  superGenres: string[];
  genres: string[];
  games: string[];
};

export const ANY = 'Any';

export const EMPTY_SELECTION: PickerSelection = { features: [], superGenres: [ANY], genres: [], games: [] };

/** Adds the value when absent, removes it when present (spec §5: "toggles add or remove the value"). */
export function toggleValue(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export function toggleFeature(sel: PickerSelection, name: string): PickerSelection {
  return { ...sel, features: toggleValue(sel.features, name) };
}

/** With no specific context left, the context goes back to 'Any'. */
function withAnyFallback(sel: PickerSelection): PickerSelection {
  const specific = sel.superGenres.filter((s) => s !== ANY);
  if (specific.length === 0 && sel.genres.length === 0 && sel.games.length === 0) return { ...sel, superGenres: [ANY] };
  return { ...sel, superGenres: specific };
}

/**
 * Spec §4: choosing Any clears the other contexts; choosing a specific one removes Any. Any cannot be
 * switched off by itself (it is what "nothing chosen" looks like).
 */
export function toggleSuperGenre(sel: PickerSelection, chip: string): PickerSelection {
  if (chip === ANY) return { ...sel, superGenres: [ANY], genres: [], games: [] };
  return withAnyFallback({
    ...sel,
    superGenres: toggleValue(
      sel.superGenres.filter((s) => s !== ANY),
      chip,
    ),
  });
}

export function toggleGenre(sel: PickerSelection, name: string): PickerSelection {
  return withAnyFallback({ ...sel, genres: toggleValue(sel.genres, name) });
}

export function toggleGame(sel: PickerSelection, name: string): PickerSelection {
  return withAnyFallback({ ...sel, games: toggleValue(sel.games, name) });
}

/** The context names in the order they read: super-genres (without Any), genres, games. */
export function contextNames(sel: PickerSelection): string[] {
  return [...sel.superGenres.filter((s) => s !== ANY), ...sel.genres, ...sel.games];
}

/** Spec §2: 'Select features', the single item's name, or 'N selected'. */
export function featuresLabel(sel: PickerSelection): string {
  return countLabel(sel.features, webI18n.t('search:selectFeatures'));
}

/** The Genres & Games button, by the same rule; no context reads 'Any'. */
export function contextLabel(sel: PickerSelection): string {
  return countLabel(contextNames(sel), webI18n.t('search:anyContext'));
}

function countLabel(items: readonly string[], none: string): string {
  if (items.length === 0) return none;
  if (items.length === 1) return items[0];
  return webI18n.t('search:selected', { count: items.length });
}
