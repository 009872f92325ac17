/**
 * Which cards a board change moved, for the glide animation (moves are animated): where the cards are
 * before the change, then, after it, each card whose place changed with its from, to and size. Cards being
 * dragged are left out: the pointer already moves them. Pure.
 */
import type { Point, Size } from '../types';
import type { BoardStore } from './board-store';
import { cardRect } from '#shared/card-geometry';

export type GlideMove = { cardId: number; from: Point; to: Point; size: Size };

/** Where the given cards are now (those on the board and not being dragged). */
export function positionsBefore(
  store: BoardStore,
  cards: readonly { id: number }[],
  dragging: ReadonlySet<number>,
): Map<number, Point> {
  const out = new Map<number, Point>();
  for (const c of cards) {
    const card = store.card(c.id);
    if (card && !dragging.has(c.id)) out.set(c.id, { ...card.position });
  }
  return out;
}

/** The cards of `before` that the change moved, from their old place to their new one. */
export function movesSince(store: BoardStore, before: ReadonlyMap<number, Point>): GlideMove[] {
  const moves: GlideMove[] = [];
  for (const [id, from] of before) {
    const card = store.card(id);
    if (!card || (card.position.x === from.x && card.position.y === from.y)) continue;
    const { width, height } = cardRect(card);
    moves.push({ cardId: id, from, to: card.position, size: { width, height } });
  }
  return moves;
}
