import type { CardFocusAction, CardFocusMove } from '#engine/types';

export type CardFocusKey = { move: CardFocusMove } | { action: CardFocusAction };

type KeyLike = { key: string; shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean; repeat: boolean };

const MOVES: Record<string, CardFocusMove> = {
  ArrowRight: 'next',
  ArrowLeft: 'previous',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'first',
  End: 'last',
};

/**
 * What a key pressed on the board's card focus does: the arrows, Home and End move focus (held down, they keep
 * moving); Enter opens the card, Space selects it, the menu key or Shift+F10 opens its menu (once per press: a held
 * Space would toggle the selection on and off). Keys with Ctrl, Alt or Cmd are the browser's and the board's
 * shortcuts', never the focus's.
 */
export function cardFocusKey(e: KeyLike): CardFocusKey | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  if (e.key === 'F10' && e.shiftKey) return e.repeat ? null : { action: 'menu' };
  if (e.shiftKey) return null;
  const move = MOVES[e.key];
  if (move) return { move };
  if (e.repeat) return null;
  if (e.key === 'Enter') return { action: 'open' };
  if (e.key === ' ') return { action: 'select' };
  if (e.key === 'ContextMenu') return { action: 'menu' };
  return null;
}
