/**
 * When 'Rate this response' leaves by itself: the prompt is about the answer just shown, so once the user has moved
 * on (a few actions elsewhere, or a minute) it stops asking instead of staying over the board through all later work.
 */

/** Actions outside the prompt after which it leaves. */
export const RATING_PROMPT_ACTIONS = 3;
/** How long the prompt waits for a rating. */
export const RATING_PROMPT_MS = 60_000;
/** When the minute ends while the user is aiming at a star (pointer or focus inside), the prompt waits this long more. */
export const RATING_PROMPT_GRACE_MS = 10_000;

/** Keys that move around or only modify (Tab towards the stars, Shift): they are not the user doing something else. */
const NOT_ACTIONS = new Set(['Tab', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Escape']);

/**
 * Whether an input event outside the prompt counts as the user having done something else: a press of the pointer,
 * or a key that acts (not Tab, a modifier alone, or a repeat of a held key).
 *
 * @example
 * isMovingOn({ type: 'pointerdown' }) // true
 * isMovingOn({ type: 'keydown', key: 'Tab' }) // false
 */
export function isMovingOn(event: { type: string; key?: string; repeat?: boolean }): boolean {
  if (event.type === 'pointerdown') return true;
  if (event.type !== 'keydown' || event.repeat) return false;
  return event.key !== undefined && !NOT_ACTIONS.has(event.key);
}
