import { describe, expect, it } from 'vitest';
import { placeMenu } from '../../../web/logic/menu-placement';

const window = { width: 1400, height: 900 };
const menu = { width: 180, height: 160 };

describe('placeMenu', () => {
  it('opens above a trigger at the foot of the window, left-aligned with it', () => {
    expect(placeMenu({ left: 8, top: 850, width: 44, height: 36 }, menu, window)).toEqual({ left: 8, top: 682 });
  });

  it('opens below a trigger with no room above it', () => {
    expect(placeMenu({ left: 100, top: 20, width: 44, height: 36 }, menu, window)).toEqual({ left: 100, top: 64 });
  });

  it('stays inside the window on the right and on the left', () => {
    expect(placeMenu({ left: 1350, top: 850, width: 44, height: 36 }, menu, window).left).toBe(1400 - 8 - 180);
    expect(placeMenu({ left: -30, top: 850, width: 44, height: 36 }, menu, window).left).toBe(8);
  });

  it('pins a menu taller than the room on either side to the top of the window', () => {
    expect(placeMenu({ left: 8, top: 120, width: 44, height: 36 }, { width: 180, height: 800 }, window).top).toBe(8);
  });
});
