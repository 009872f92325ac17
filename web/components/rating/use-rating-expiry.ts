import { useEffect, type RefObject } from 'react';
import { isMovingOn, RATING_PROMPT_ACTIONS, RATING_PROMPT_GRACE_MS, RATING_PROMPT_MS } from '../../logic/rating-prompt';

/**
 * Calls `leave` once the user has moved on from the prompt shown for `queryId` (web/logic/rating-prompt.ts): a few
 * actions outside it, or a minute, postponed while the pointer or the focus is inside it. A new query starts over.
 */
export function useRatingExpiry(queryId: number | null, popup: RefObject<HTMLElement | null>, leave: () => void) {
  useEffect(() => {
    if (queryId === null) return;
    let actions = 0;
    let timer: ReturnType<typeof setTimeout>;
    const inside = (target: EventTarget | null) => target instanceof Node && !!popup.current?.contains(target);
    const onInput = (event: PointerEvent | KeyboardEvent) => {
      if (inside(event.target) || !isMovingOn(event)) return;
      actions += 1;
      if (actions >= RATING_PROMPT_ACTIONS) leave();
    };
    const expire = () => {
      const el = popup.current;
      // Someone aiming at a star when the minute ends is not interrupted.
      if (el && (el.matches(':hover') || el.contains(document.activeElement))) {
        timer = setTimeout(expire, RATING_PROMPT_GRACE_MS);
        return;
      }
      leave();
    };
    timer = setTimeout(expire, RATING_PROMPT_MS);
    document.addEventListener('pointerdown', onInput, true);
    document.addEventListener('keydown', onInput, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', onInput, true);
      document.removeEventListener('keydown', onInput, true);
    };
  }, [queryId, popup, leave]);
}
