import { contextNames, type PickerSelection } from './picker-selection';

/**
 * The query text the pickers write (spec accounts §4 "Picker effect"): 'features in genres', e.g.
 * "Starter Packs, Season Pass in Casual, Match-3". Features alone read as the feature list, a context alone
 * as the context list; nothing chosen is the empty text.
 */
export function buildQueryText(sel: PickerSelection): string {
  const features = sel.features.join(', ');
  const context = contextNames(sel).join(', ');
  if (features && context) return `${features} in ${context}`;
  return features || context;
}

/** Every name a selection contributes to the text, features first. */
function chosenNames(sel: PickerSelection): string[] {
  return [...sel.features, ...contextNames(sel)];
}

export type PickerTextState = {
  /** What the search box holds. */
  query: string;
  /** The last text the pickers wrote; while the box still equals it the user has not edited it. */
  autoText: string;
};

/**
 * Spec §4: if the query is empty or still equals the auto-built text, it is replaced by the newly built text;
 * if the user edited it, the names chosen by this change are appended, skipping names already contained
 * (case-insensitive). Names taken out of the selection are never cut out of an edited text.
 */
export function applyPickerChange(
  state: PickerTextState,
  prev: PickerSelection,
  next: PickerSelection,
): PickerTextState {
  const untouched = state.query.trim() === '' || state.query.trim() === state.autoText.trim();
  if (untouched) {
    const built = buildQueryText(next);
    return { query: built, autoText: built };
  }
  const before = new Set(chosenNames(prev));
  let query = state.query;
  for (const name of chosenNames(next)) {
    if (before.has(name)) continue;
    if (query.toLowerCase().includes(name.toLowerCase())) continue;
    query = appendName(query, name);
  }
  return { query, autoText: state.autoText };
}

function appendName(query: string, name: string): string {
  const base = query.trimEnd();
  if (base === '') return name;
  return /[,;]$/.test(base) ? `${base} ${name}` : `${base}, ${name}`;
}
