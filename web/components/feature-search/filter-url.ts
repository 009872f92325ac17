import { EMPTY_SELECTION, type FilterSelection } from './filter-state';

/**
 * The page's query parameters (spec accounts §2 /feature-search): features, genres and games, each
 * comma-separated, read on load; "If games is present, Game mode is chosen."
 */
function list(params: URLSearchParams, name: string): string[] {
  const raw = params.get(name);
  if (!raw) return [];
  return [
    ...new Set(
      raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

export function selectionFromParams(params: URLSearchParams): FilterSelection {
  const games = list(params, 'games');
  const genres = games.length ? [] : list(params, 'genres');
  return {
    ...EMPTY_SELECTION,
    features: list(params, 'features'),
    genres,
    games,
    mode: games.length ? 'game' : 'genres',
  };
}

/**
 * The parameters that mirror a selection: features, then the active mode's list; empty lists are left out, so
 * a page with nothing chosen has a bare URL. Other parameters of the page are kept.
 */
export function paramsFromSelection(
  sel: FilterSelection,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const name of ['features', 'genres', 'games']) next.delete(name);
  if (sel.features.length) next.set('features', sel.features.join(','));
  if (sel.mode === 'genres' && sel.genres.length) next.set('genres', sel.genres.join(','));
  if (sel.mode === 'game' && sel.games.length) next.set('games', sel.games.join(','));
  return next;
}
