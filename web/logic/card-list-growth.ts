import type { CardPatch } from '#engine/types';
import type { Card } from '../data/wire';
import { diffCards } from './engine-data';

/**
 * A board streamed in pages (web/data/board-content.ts) grows at the end of its card list. When `next` is `prev`
 * with cards added after it (the cards already shown may have changed meanwhile, but not moved in the list), this
 * answers the patches for the shown cards and the added ones, so the engine appends instead of rebuilding the
 * board; otherwise null. Cards are compared by reference first, so one page costs one pass over the list.
 */
export function diffGrownCards(
  prev: readonly Card[],
  next: readonly Card[],
): { patches: CardPatch[]; added: Card[] } | null {
  if (prev.length === 0 || next.length <= prev.length) return null;
  const changedBefore: Card[] = [];
  const changedAfter: Card[] = [];
  for (let i = 0; i < prev.length; i++) {
    const before = prev[i];
    const after = next[i];
    if (before === after) continue;
    if (before.id !== after.id) return null;
    changedBefore.push(before);
    changedAfter.push(after);
  }
  const patches = changedBefore.length ? diffCards(changedBefore, changedAfter) : [];
  if (patches === 'reset') return null;
  return { patches, added: next.slice(prev.length) };
}
