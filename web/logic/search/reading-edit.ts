import { GENRES, SUPER_GENRE_TIER } from '#shared/taxonomy';
import type { QueryReading, ReadingEditInput, ReadingScopeItem } from '#shared/schemas/search';
import { ANY, type PickerSelection } from './picker-selection';

/**
 * The search panel's reading chips as data: what the last query was read as, the change a chip asks for, and the
 * edited reading sent with the same query to run it again. Pure.
 */

/** The last query of a board as the panel shows it: its text, its reading, and the change sent with it (if any). */
export type ShownReading = { query: string; reading: QueryReading; edit: ReadingEditInput | null };

const sameItem = (a: ReadingScopeItem, b: ReadingScopeItem) => a.kind === b.kind && a.name === b.name;

/** The reading as it is, to be changed: its scope, the topics already dropped, whether it is searched as typed. */
function baseEdit(shown: ShownReading): Required<ReadingEditInput> {
  return {
    scope: shown.reading.scope,
    dropTopics: shown.edit?.dropTopics ?? [],
    asTyped: shown.reading.asTyped,
  };
}

/** The reading without one part of its scope (an empty scope searches every genre and game). */
export function withoutScopeItem(shown: ShownReading, item: ReadingScopeItem): ReadingEditInput {
  const base = baseEdit(shown);
  return { ...base, scope: base.scope.filter((s) => !sameItem(s, item)) };
}

/** The reading without one topic: dropped topics stay dropped when the query is read again. */
export function withoutTopic(shown: ShownReading, key: string): ReadingEditInput {
  const base = baseEdit(shown);
  return { ...base, dropTopics: [...base.dropTopics.filter((k) => k !== key), key] };
}

/** The reading with its scope replaced by what the genre and game picker holds. */
export function withScope(shown: ShownReading, selection: PickerSelection): ReadingEditInput {
  return { ...baseEdit(shown), scope: scopeOfSelection(selection) };
}

/** The reading searched as typed: the corrections turned down. */
export function asTyped(shown: ShownReading): ReadingEditInput {
  return { ...baseEdit(shown), asTyped: true };
}

/** True when taking the part away still leaves something to search for (a topic or a scope). */
export function canRemove(reading: QueryReading): boolean {
  return reading.topics.length + reading.scope.length > 1;
}

const TIER_SUPER_GENRE = new Map(Object.entries(SUPER_GENRE_TIER).map(([chip, tier]) => [tier as string, chip]));

/** A reading's scope as the genre and game picker holds it: tiers as their super-genre chips. */
export function selectionOfScope(scope: readonly ReadingScopeItem[]): PickerSelection {
  const superGenres = scope.flatMap((s) =>
    s.kind === 'tier' && TIER_SUPER_GENRE.has(s.name) ? [TIER_SUPER_GENRE.get(s.name)!] : [],
  );
  const genres = scope.flatMap((s) => (s.kind === 'genre' || s.kind === 'subGenre' ? [s.name] : []));
  const games = scope.flatMap((s) => (s.kind === 'game' ? [s.name] : []));
  const none = superGenres.length + genres.length + games.length === 0;
  return { features: [], superGenres: none ? [ANY] : superGenres, genres, games };
}

/** What the genre and game picker holds, as a reading's scope. */
export function scopeOfSelection(selection: PickerSelection): ReadingScopeItem[] {
  return [
    ...selection.genres.map((name): ReadingScopeItem => ({ kind: name in GENRES ? 'genre' : 'subGenre', name })),
    ...selection.games.map((name): ReadingScopeItem => ({ kind: 'game', name })),
    ...selection.superGenres.flatMap((chip): ReadingScopeItem[] =>
      chip !== ANY && SUPER_GENRE_TIER[chip] ? [{ kind: 'tier', name: SUPER_GENRE_TIER[chip] }] : [],
    ),
  ];
}

/** True when two scopes name the same parts, in any order. */
export function sameScope(a: readonly ReadingScopeItem[], b: readonly ReadingScopeItem[]): boolean {
  return a.length === b.length && a.every((x) => b.some((y) => sameItem(x, y)));
}
