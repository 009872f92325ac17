/**
 * Dragging cards: the pressed card (and the rest of the selection when it is part of it) follows the pointer,
 * adjusted for zoom (spec board-workspace §4). Release ends the drag with the new positions; cancel puts the
 * cards back.
 */
import type { Point } from '../../types';
import type { GestureContext, GestureInput, GestureState, GestureStep } from './types';
import { IDLE } from './types';

type Dragging = Extract<GestureState, { name: 'dragging-cards' }>;

export function startCardDrag(cardId: number, start: Point, screen: Point, ctx: GestureContext): GestureStep {
  const ids = ctx.selection.has(cardId) ? [cardId, ...[...ctx.selection].filter((id) => id !== cardId)] : [cardId];
  const cardIds: number[] = [];
  const origins: Point[] = [];
  for (const id of ids) {
    const p = ctx.cardPosition(id);
    if (p) {
      cardIds.push(id);
      origins.push({ x: p.x, y: p.y });
    }
  }
  if (cardIds.length === 0) return { state: IDLE, effects: [] };
  const state: Dragging = { name: 'dragging-cards', start, cardIds, origins, last: screen };
  return {
    state,
    effects: [
      { type: 'dragStart', cardIds },
      { type: 'dragMove', cardIds, positions: positionsAt(state, screen, ctx.zoom) },
    ],
  };
}

export function positionsAt(state: Dragging, screen: Point, zoom: number): Point[] {
  const dx = (screen.x - state.start.x) / zoom;
  const dy = (screen.y - state.start.y) / zoom;
  return state.origins.map((o) => ({ x: o.x + dx, y: o.y + dy }));
}

export function draggingStep(state: Dragging, input: GestureInput, ctx: GestureContext): GestureStep {
  switch (input.type) {
    case 'move': {
      const next: Dragging = { ...state, last: input.screen };
      return {
        state: next,
        effects: [{ type: 'dragMove', cardIds: state.cardIds, positions: positionsAt(next, input.screen, ctx.zoom) }],
      };
    }
    case 'up':
      return {
        state: IDLE,
        effects: [{ type: 'dragEnd', cardIds: state.cardIds, positions: positionsAt(state, input.screen, ctx.zoom) }],
      };
    case 'cancel':
      return { state: IDLE, effects: [{ type: 'dragCancel', cardIds: state.cardIds, positions: state.origins }] };
    default:
      return { state, effects: [] };
  }
}
