import { describe, expect, it } from 'vitest';
import { isMovingOn } from '../../../web/logic/rating-prompt';

describe('isMovingOn', () => {
  it('counts a pointer press and an acting key', () => {
    expect(isMovingOn({ type: 'pointerdown' })).toBe(true);
    expect(isMovingOn({ type: 'keydown', key: 'Delete' })).toBe(true);
    expect(isMovingOn({ type: 'keydown', key: 'f' })).toBe(true);
  });

  it('does not count moving focus, modifiers alone, held keys or other events', () => {
    expect(isMovingOn({ type: 'keydown', key: 'Tab' })).toBe(false);
    expect(isMovingOn({ type: 'keydown', key: 'Shift' })).toBe(false);
    expect(isMovingOn({ type: 'keydown', key: 'f', repeat: true })).toBe(false);
    expect(isMovingOn({ type: 'keyup', key: 'f' })).toBe(false);
    expect(isMovingOn({ type: 'pointermove' })).toBe(false);
  });
});
