/** Rubber band: Shift + drag on empty canvas selects the cards the rectangle touches (on release). */
import { rectFromPoints } from '../rect';
import type { GestureContext, GestureInput, GestureState, GestureStep } from './types';
import { IDLE } from './types';

type RubberBand = Extract<GestureState, { name: 'rubber-band' }>;

export function rubberBandStep(state: RubberBand, input: GestureInput, ctx: GestureContext): GestureStep {
  if (input.type === 'cancel') return { state: IDLE, effects: [{ type: 'rubberBand', rect: null, done: true }] };
  if (input.type !== 'move' && input.type !== 'up') return { state, effects: [] };
  const currentWorld = ctx.screenToWorld(input.screen);
  const rect = rectFromPoints(state.startWorld, currentWorld);
  if (input.type === 'up') return { state: IDLE, effects: [{ type: 'rubberBand', rect, done: true }] };
  return { state: { ...state, currentWorld }, effects: [{ type: 'rubberBand', rect, done: false }] };
}
