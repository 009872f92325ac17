/**
 * Card ids as history knows them, resolved to the card's current id (an undone delete re-created it under a new
 * one). The aliases live in the app store's history slice; the rule is web/logic/card-id-aliases.ts.
 */
import { resolveAlias } from '../logic/card-id-aliases';
import { useAppStore } from '../stores/app.store';

export function aliasCardId(oldId: number, newId: number): void {
  useAppStore.getState().aliasCardId(oldId, newId);
}

export function resolveCardId(id: number): number {
  return resolveAlias(useAppStore.getState().cardIdAliases, id);
}
