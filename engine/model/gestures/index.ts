/**
 * One step of the input state machine: (state, input) → (next state, effects).
 * @example
 * let s = IDLE;
 * ({ state: s } = stepGesture(s, { type: 'down', screen, button: 0, shift: false, space: false, hit }, ctx));
 */
import { draggingStep } from './dragging-cards';
import { sectionEditStep } from './editing-section';
import { idleStep } from './idle';
import { panningStep } from './panning';
import { pressingStep } from './pressing';
import { rubberBandStep } from './rubber-band';
import type { GestureContext, GestureInput, GestureState, GestureStep } from './types';

export * from './types';
export { pastThreshold } from './pressing';

export function stepGesture(state: GestureState, input: GestureInput, ctx: GestureContext): GestureStep {
  switch (state.name) {
    case 'idle':
      return idleStep(input);
    case 'pressing':
      return pressingStep(state, input, ctx);
    case 'dragging-cards':
      return draggingStep(state, input, ctx);
    case 'panning':
      return panningStep(state, input);
    case 'rubber-band':
      return rubberBandStep(state, input, ctx);
    case 'moving-section':
    case 'resizing-section':
      return sectionEditStep(state, input, ctx);
  }
}
