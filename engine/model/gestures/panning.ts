/** Panning: the camera follows the pointer (times the Space-drag speed factor); release commits the view. */
import type { GestureInput, GestureState, GestureStep } from './types';
import { IDLE } from './types';

type Panning = Extract<GestureState, { name: 'panning' }>;

export function panningStep(state: Panning, input: GestureInput): GestureStep {
  if (input.type === 'move') {
    const dx = (input.screen.x - state.last.x) * state.factor;
    const dy = (input.screen.y - state.last.y) * state.factor;
    return { state: { ...state, last: input.screen }, effects: [{ type: 'pan', dx, dy }] };
  }
  if (input.type === 'up' || input.type === 'cancel') return { state: IDLE, effects: [{ type: 'panEnd' }] };
  return { state, effects: [] };
}
