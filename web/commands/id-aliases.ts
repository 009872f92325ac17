/**
 * Undoing a card delete re-creates the card under a new id. Older history entries still name the old id, so the
 * history resolves ids through this map (old → new, followed transitively).
 */
const aliases = new Map<number, number>();

export function aliasCardId(oldId: number, newId: number): void {
  if (oldId !== newId) aliases.set(oldId, newId);
}

export function resolveCardId(id: number): number {
  let current = id;
  for (let guard = 0; guard < 1000 && aliases.has(current); guard++) current = aliases.get(current)!;
  return current;
}

export function clearCardAliases(): void {
  aliases.clear();
}
