/**
 * Undoing a card delete re-creates the card under a new id; older history entries still name the old id. The
 * aliases map old → new, followed transitively (a card deleted and restored twice). Pure.
 */
export type CardIdAliases = Readonly<Record<number, number>>;

/** The current id of a card that history knows as `id`. */
export function resolveAlias(aliases: CardIdAliases, id: number): number {
  let current = id;
  // A cycle cannot be made through the API (ids only grow), but a bad map must not hang the undo.
  for (let guard = 0; guard < 1000 && aliases[current] !== undefined; guard++) current = aliases[current];
  return current;
}
