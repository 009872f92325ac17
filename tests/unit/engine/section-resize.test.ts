import { describe, expect, it } from 'vitest';
import { clampSectionResize, RESIZE_CLEARANCE } from '#engine/model/section-resize';
import { IDLE, stepGesture, type GestureContext, type GestureEffect } from '#engine/model/gestures/index';

const MIN = { width: 200, height: 100 };
const start = { x: 0, y: 0, width: 400, height: 300 };

describe('clampSectionResize (a resize refuses overlap)', () => {
  it('grows freely where nothing is in the way', () => {
    expect(
      clampSectionResize(start, { width: 900, height: 700 }, MIN, [{ x: 2000, y: 0, width: 400, height: 300 }]),
    ).toEqual({ width: 900, height: 700 });
  });

  it('stops short of the section to its right, keeping the height asked for', () => {
    const right = { x: 460, y: 0, width: 400, height: 300 };
    expect(clampSectionResize(start, { width: 900, height: 500 }, MIN, [right])).toEqual({
      width: 460 - RESIZE_CLEARANCE,
      height: 500,
    });
  });

  it('stops short of a card below it', () => {
    const card = { x: 100, y: 400, width: 340, height: 280 };
    expect(clampSectionResize(start, { width: 420, height: 900 }, MIN, [card])).toEqual({
      width: 420,
      height: 400 - RESIZE_CLEARANCE,
    });
  });

  it('for a neighbour diagonally in the way, gives up the growth that keeps more of the area asked for', () => {
    const diagonal = { x: 500, y: 500, width: 300, height: 300 };
    // Cutting the width to 480 keeps 480 × 1000; cutting the height to 480 keeps 1000 × 480: equal, width first.
    expect(clampSectionResize(start, { width: 1000, height: 1000 }, MIN, [diagonal])).toEqual({
      width: 480,
      height: 1000,
    });
    // Asked mostly downward: cutting the height would lose more, so the width gives.
    expect(clampSectionResize(start, { width: 600, height: 1400 }, MIN, [diagonal])).toEqual({
      width: 480,
      height: 1400,
    });
  });

  it('never shrinks below the size the section began with, even with a neighbour inside the clearance', () => {
    const close = { x: 410, y: 0, width: 400, height: 300 };
    expect(clampSectionResize(start, { width: 700, height: 300 }, MIN, [close])).toEqual({ width: 400, height: 300 });
  });

  it('ignores what it already overlapped when the resize began, and lets a shrink through', () => {
    const inside = { x: 300, y: 200, width: 340, height: 280 };
    expect(clampSectionResize(start, { width: 800, height: 600 }, MIN, [inside])).toEqual({ width: 800, height: 600 });
    expect(
      clampSectionResize(start, { width: 100, height: 50 }, MIN, [{ x: 420, y: 0, width: 10, height: 10 }]),
    ).toEqual(MIN);
  });

  it('settles several neighbours in a row: the nearest one wins', () => {
    const near = { x: 0, y: 350, width: 400, height: 200 };
    const far = { x: 0, y: 700, width: 400, height: 200 };
    expect(clampSectionResize(start, { width: 400, height: 1200 }, MIN, [far, near])).toEqual({
      width: 400,
      height: 330,
    });
  });
});

describe('the resize gesture', () => {
  it('sends the size the engine allows, not the raw pointer delta', () => {
    const ctx: GestureContext = {
      zoom: 1,
      dragEnabled: true,
      selection: new Set(),
      cardPosition: () => null,
      section: () => ({ position: { x: 0, y: 0 }, size: { width: 400, height: 300 } }),
      screenToWorld: (p) => p,
      clampSectionSize: (_id, from, wanted) =>
        clampSectionResize(from, wanted, MIN, [{ x: 460, y: 0, width: 400, height: 300 }]),
    };
    let state = IDLE;
    const effects: GestureEffect[] = [];
    for (const input of [
      {
        type: 'down',
        screen: { x: 398, y: 298 },
        button: 0,
        shift: false,
        space: false,
        hit: { kind: 'section', sectionId: 3, part: 'resize' },
      },
      { type: 'move', screen: { x: 600, y: 400 } },
      { type: 'up', screen: { x: 900, y: 400 } },
    ] as const) {
      const step = stepGesture(state, input, ctx);
      state = step.state;
      effects.push(...step.effects);
    }
    const last = effects.at(-1);
    expect(last).toEqual({ type: 'sectionResize', sectionId: 3, size: { width: 440, height: 402 }, done: true });
  });
});
