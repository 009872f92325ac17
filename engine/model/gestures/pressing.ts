/**
 * Pressing: the button is down but the pointer has not yet moved more than the drag threshold (spec
 * board-workspace §4: 6 px). Release here is a tap; moving past it starts a card drag, a section move or resize,
 * a rubber band (Shift on empty canvas) or a pan (empty canvas, section body).
 */
import { DRAG_THRESHOLD_PX } from '#shared/constants';
import type { Point } from '../../types';
import { rectFromPoints } from '../rect';
import { startCardDrag } from './dragging-cards';
import { startSectionEdit } from './editing-section';
import type { GestureContext, GestureInput, GestureState, GestureStep } from './types';
import { IDLE } from './types';

type Pressing = Extract<GestureState, { name: 'pressing' }>;

export function pastThreshold(a: Point, b: Point): boolean {
  return Math.hypot(b.x - a.x, b.y - a.y) > DRAG_THRESHOLD_PX;
}

export function pressingStep(state: Pressing, input: GestureInput, ctx: GestureContext): GestureStep {
  if (input.type === 'cancel') return { state: IDLE, effects: [] };
  if (input.type === 'up')
    return { state: IDLE, effects: [{ type: 'tap', hit: state.hit, shift: state.shift, screen: input.screen }] };
  if (input.type !== 'move' || !pastThreshold(state.start, input.screen)) return { state, effects: [] };

  const hit = state.hit;
  if (hit.kind === 'card' && ctx.dragEnabled) return startCardDrag(hit.cardId, state.start, input.screen, ctx);
  // Dragging disabled (the fullscreen viewer is open, or the board is read-only for a viewer): no
  // section moves or resizes either; the press pans.
  if (hit.kind === 'section' && ctx.dragEnabled && (hit.part === 'title' || hit.part === 'resize')) {
    const step = startSectionEdit(hit.sectionId, hit.part, state.start, input.screen, ctx);
    if (step) return step;
  }
  if (state.shift && (hit.kind === 'empty' || (hit.kind === 'section' && hit.part === 'body'))) {
    const startWorld = ctx.screenToWorld(state.start);
    const currentWorld = ctx.screenToWorld(input.screen);
    return {
      state: { name: 'rubber-band', startWorld, currentWorld },
      effects: [{ type: 'rubberBand', rect: rectFromPoints(startWorld, currentWorld), done: false }],
    };
  }
  // Anything else pans, catching up with the pointer's whole movement so far.
  return {
    state: { name: 'panning', last: input.screen, factor: 1 },
    effects: [{ type: 'pan', dx: input.screen.x - state.start.x, dy: input.screen.y - state.start.y }],
  };
}
