/** Idle: a press decides what the gesture will be (Space or the middle button always pan). */
import { SPACE_DRAG_SPEED } from '#shared/constants';
import type { GestureInput, GestureStep } from './types';
import { IDLE } from './types';

export function idleStep(input: GestureInput): GestureStep {
  if (input.type !== 'down') return { state: IDLE, effects: [] };
  // Spec (accounts §9): Space + drag pans anywhere with a drag speed factor of 1.3.
  if (input.space) return { state: { name: 'panning', last: input.screen, factor: SPACE_DRAG_SPEED }, effects: [] };
  if (input.button === 1) return { state: { name: 'panning', last: input.screen, factor: 1 }, effects: [] };
  if (input.button !== 0) return { state: IDLE, effects: [] };
  return { state: { name: 'pressing', start: input.screen, hit: input.hit, shift: input.shift }, effects: [] };
}
