/** Moving a section by its title bar, or resizing it by its bottom-right handle; the change is sent on release. */
import type { Point } from '../../types';
import { MIN_SECTION_SIZE } from '../section-layout';
import type { GestureContext, GestureInput, GestureState, GestureStep } from './types';
import { IDLE } from './types';

type Editing = Extract<GestureState, { name: 'moving-section' | 'resizing-section' }>;

export function startSectionEdit(
  sectionId: number,
  part: 'title' | 'resize',
  start: Point,
  screen: Point,
  ctx: GestureContext,
): GestureStep | null {
  const section = ctx.section(sectionId);
  if (!section) return null;
  const state: Editing =
    part === 'title'
      ? { name: 'moving-section', start, sectionId, origin: { ...section.position }, last: start }
      : { name: 'resizing-section', start, sectionId, originSize: { ...section.size }, last: start };
  return sectionEditStep(state, { type: 'move', screen }, ctx);
}

export function sectionEditStep(state: Editing, input: GestureInput, ctx: GestureContext): GestureStep {
  if (input.type === 'down') return { state, effects: [] };
  if (input.type === 'cancel') {
    return state.name === 'moving-section'
      ? {
          state: IDLE,
          effects: [{ type: 'sectionMove', sectionId: state.sectionId, position: state.origin, done: true }],
        }
      : {
          state: IDLE,
          effects: [{ type: 'sectionResize', sectionId: state.sectionId, size: state.originSize, done: true }],
        };
  }
  const done = input.type === 'up';
  const dx = (input.screen.x - state.start.x) / ctx.zoom;
  const dy = (input.screen.y - state.start.y) / ctx.zoom;
  const next: GestureState = done ? IDLE : { ...state, last: input.screen };
  if (state.name === 'moving-section') {
    const position = { x: state.origin.x + dx, y: state.origin.y + dy };
    return { state: next, effects: [{ type: 'sectionMove', sectionId: state.sectionId, position, done }] };
  }
  const section = ctx.section(state.sectionId);
  const wanted = {
    width: Math.max(MIN_SECTION_SIZE.width, state.originSize.width + dx),
    height: Math.max(MIN_SECTION_SIZE.height, state.originSize.height + dy),
  };
  // The grip stops short of the next section or card instead of growing over it.
  const size = section
    ? ctx.clampSectionSize(state.sectionId, { ...section.position, ...state.originSize }, wanted)
    : wanted;
  return { state: next, effects: [{ type: 'sectionResize', sectionId: state.sectionId, size, done }] };
}
