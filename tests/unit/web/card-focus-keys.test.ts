import { describe, expect, it } from 'vitest';
import { cardFocusKey } from '../../../web/logic/card-focus-keys';

const press = (key: string, extra: Partial<Parameters<typeof cardFocusKey>[0]> = {}) =>
  cardFocusKey({ key, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, repeat: false, ...extra });

describe('cardFocusKey', () => {
  it('moves with the arrows, Home and End, held down too', () => {
    expect(press('ArrowRight')).toEqual({ move: 'next' });
    expect(press('ArrowLeft')).toEqual({ move: 'previous' });
    expect(press('ArrowUp')).toEqual({ move: 'up' });
    expect(press('ArrowDown', { repeat: true })).toEqual({ move: 'down' });
    expect(press('Home')).toEqual({ move: 'first' });
    expect(press('End')).toEqual({ move: 'last' });
  });

  it('opens with Enter, selects with Space, and opens the menu with the menu key or Shift+F10, once per press', () => {
    expect(press('Enter')).toEqual({ action: 'open' });
    expect(press(' ')).toEqual({ action: 'select' });
    expect(press('ContextMenu')).toEqual({ action: 'menu' });
    expect(press('F10', { shiftKey: true })).toEqual({ action: 'menu' });
    expect(press(' ', { repeat: true })).toBeNull();
    expect(press('Enter', { repeat: true })).toBeNull();
  });

  it('leaves modified keys and the board’s own shortcuts alone', () => {
    expect(press('F10')).toBeNull();
    expect(press('ArrowRight', { shiftKey: true })).toBeNull();
    expect(press('ArrowRight', { ctrlKey: true })).toBeNull();
    expect(press('ArrowLeft', { altKey: true })).toBeNull();
    expect(press('Enter', { metaKey: true })).toBeNull();
    expect(press('r')).toBeNull();
    expect(press('Escape')).toBeNull();
    expect(press('Tab')).toBeNull();
  });
});
