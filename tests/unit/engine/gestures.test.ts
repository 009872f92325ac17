import { describe, expect, it } from 'vitest';
import {
  IDLE,
  stepGesture,
  type GestureContext,
  type GestureEffect,
  type GestureInput,
  type GestureState,
  type PointerHit,
} from '#engine/model/gestures/index';

function context(over: Partial<GestureContext> = {}): GestureContext {
  const positions = new Map([
    [1, { x: 100, y: 100 }],
    [2, { x: 500, y: 100 }],
  ]);
  return {
    zoom: 0.5,
    dragEnabled: true,
    selection: new Set(),
    cardPosition: (id) => positions.get(id) ?? null,
    section: (id) => (id === 7 ? { position: { x: 0, y: 0 }, size: { width: 800, height: 400 } } : null),
    screenToWorld: (p) => ({ x: p.x * 2, y: p.y * 2 }),
    clampSectionSize: (_id, _start, wanted) => wanted,
    ...over,
  };
}

function run(inputs: GestureInput[], ctx = context()): { state: GestureState; effects: GestureEffect[] } {
  let state: GestureState = IDLE;
  const effects: GestureEffect[] = [];
  for (const input of inputs) {
    const step = stepGesture(state, input, ctx);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const card: PointerHit = { kind: 'card', cardId: 1, part: 'body' };
const down = (
  hit: PointerHit,
  x = 10,
  y = 10,
  extra: Partial<Extract<GestureInput, { type: 'down' }>> = {},
): GestureInput => ({
  type: 'down',
  screen: { x, y },
  button: 0,
  shift: false,
  space: false,
  hit,
  ...extra,
});
const move = (x: number, y: number): GestureInput => ({ type: 'move', screen: { x, y } });
const up = (x: number, y: number): GestureInput => ({ type: 'up', screen: { x, y } });

describe('gesture state machine', () => {
  it('does not start a drag until the pointer has moved more than 6 px (spec drag threshold)', () => {
    const { state, effects } = run([down(card), move(14, 14), move(16, 10)]);
    expect(state.name).toBe('pressing');
    expect(effects).toEqual([]);
    const released = run([down(card), move(14, 14), up(14, 14)]);
    expect(released.effects).toEqual([{ type: 'tap', hit: card, shift: false, screen: { x: 14, y: 14 } }]);
  });

  it('drags the card following the pointer divided by the zoom, and ends with the new position', () => {
    const { state, effects } = run([down(card), move(17, 10), move(110, 60), up(110, 60)]);
    expect(state).toEqual(IDLE);
    expect(effects[0]).toEqual({ type: 'dragStart', cardIds: [1] });
    expect(effects.at(-1)).toEqual({ type: 'dragEnd', cardIds: [1], positions: [{ x: 300, y: 200 }] });
  });

  it('drags the whole selection when the pressed card is selected, and cancel puts the cards back', () => {
    const ctx = context({ selection: new Set([2, 1]) });
    const { effects } = run([down(card), move(30, 10), { type: 'cancel' }], ctx);
    expect(effects[0]).toEqual({ type: 'dragStart', cardIds: [1, 2] });
    expect(effects.at(-1)).toEqual({
      type: 'dragCancel',
      cardIds: [1, 2],
      positions: [
        { x: 100, y: 100 },
        { x: 500, y: 100 },
      ],
    });
  });

  it('pans on empty canvas after the threshold, catching up with the whole movement', () => {
    const { effects } = run([down({ kind: 'empty' }), move(20, 10), move(25, 12), up(25, 12)]);
    expect(effects).toEqual([{ type: 'pan', dx: 10, dy: 0 }, { type: 'pan', dx: 5, dy: 2 }, { type: 'panEnd' }]);
  });

  it('pans anywhere with Space at 1.3 times the pointer speed (spec drag speed factor)', () => {
    const { effects } = run([down(card, 10, 10, { space: true }), move(20, 10)]);
    expect(effects).toEqual([{ type: 'pan', dx: 13, dy: 0 }]);
  });

  it('pans instead of dragging while dragging is disabled (fullscreen viewer open)', () => {
    const { effects } = run([down(card), move(30, 10)], context({ dragEnabled: false }));
    expect(effects).toEqual([{ type: 'pan', dx: 20, dy: 0 }]);
  });

  it("neither moves nor resizes a section while dragging is disabled (a viewer's read-only board)", () => {
    const ctx = context({ dragEnabled: false });
    for (const part of ['title', 'resize'] as const) {
      const { effects } = run([down({ kind: 'section', sectionId: 7, part }), move(30, 10), up(40, 10)], ctx);
      expect(effects.some((e) => e.type === 'sectionMove' || e.type === 'sectionResize')).toBe(false);
      expect(effects[0]).toEqual({ type: 'pan', dx: 20, dy: 0 });
    }
  });

  it('selects with a Shift rubber band on empty canvas', () => {
    const { effects } = run([down({ kind: 'empty' }, 10, 10, { shift: true }), move(50, 40), up(60, 70)]);
    expect(effects.at(-1)).toEqual({ type: 'rubberBand', rect: { x: 20, y: 20, width: 100, height: 120 }, done: true });
  });

  it('moves a section by its title bar and resizes it by its handle', () => {
    const title: PointerHit = { kind: 'section', sectionId: 7, part: 'title' };
    const moved = run([down(title), move(30, 10), up(60, 30)]);
    expect(moved.effects.at(-1)).toEqual({
      type: 'sectionMove',
      sectionId: 7,
      position: { x: 100, y: 40 },
      done: true,
    });
    const handle: PointerHit = { kind: 'section', sectionId: 7, part: 'resize' };
    const resized = run([down(handle), move(30, 10), up(10, -500)]);
    expect(resized.effects.at(-1)).toEqual({
      type: 'sectionResize',
      sectionId: 7,
      size: { width: 800, height: 100 },
      done: true,
    });
  });

  it('ignores right-button presses (the context menu is its own event)', () => {
    expect(run([down(card, 10, 10, { button: 2 }), move(40, 40), up(40, 40)]).effects).toEqual([]);
  });
});
