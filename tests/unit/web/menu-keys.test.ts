import { describe, expect, it } from 'vitest';
import { nextMenuIndex } from '../../../web/logic/menu-keys';

const labels = ['Billing', 'Reset application', 'Demo board', 'Sign out'];

describe('nextMenuIndex', () => {
  it('steps with the arrows and wraps at both ends', () => {
    expect(nextMenuIndex('ArrowDown', 0, 4, labels)).toBe(1);
    expect(nextMenuIndex('ArrowDown', 3, 4, labels)).toBe(0);
    expect(nextMenuIndex('ArrowUp', 0, 4, labels)).toBe(3);
  });

  it('jumps to the ends with Home and End', () => {
    expect(nextMenuIndex('Home', 2, 4, labels)).toBe(0);
    expect(nextMenuIndex('End', 1, 4, labels)).toBe(3);
  });

  it('moves to the next item starting with a typed letter, after the current one', () => {
    expect(nextMenuIndex('s', 0, 4, labels)).toBe(3);
    expect(nextMenuIndex('B', 2, 4, labels)).toBe(0);
    expect(nextMenuIndex('x', 0, 4, labels)).toBeNull();
  });

  it('leaves other keys and an empty menu alone', () => {
    expect(nextMenuIndex('Tab', 0, 4, labels)).toBeNull();
    expect(nextMenuIndex(' ', 0, 4, labels)).toBeNull();
    expect(nextMenuIndex('ArrowDown', 0, 0, [])).toBeNull();
  });
});
