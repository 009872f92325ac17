import { useEffect, type RefObject } from 'react';

/**
 * Closes a popover (menu, help panel) on Escape or on a pointer press outside `ref`, while `open`. The press is
 * caught in the capture phase so a click on the canvas closes the menu before the engine sees it. `focusFirst`
 * moves focus to the popover's first button when it opens, for keyboard users.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void, focusFirst = true): void {
  useEffect(() => {
    if (!open) return;
    if (focusFirst) ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) close();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onDown, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onDown, true);
    };
  }, [ref, open, close, focusFirst]);
}
