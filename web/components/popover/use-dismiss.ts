import { useEffect, type RefObject } from 'react';

type ElementRef = RefObject<HTMLElement | null>;
type Refs = ElementRef | readonly ElementRef[];

const isList = (refs: Refs): refs is readonly ElementRef[] => Array.isArray(refs);

/**
 * Closes a popover (menu, help panel) on Escape or on a pointer press outside `ref` (or outside all of `refs`:
 * a button and the panel it opens elsewhere), while `open`. The press is caught in the capture phase so a click
 * on the canvas closes the menu before the engine sees it. `focusFirst` moves focus to the popover's first
 * button when it opens, for keyboard users.
 */
export function useDismiss(refs: Refs, open: boolean, close: () => void, focusFirst = true): void {
  useEffect(() => {
    if (!open) return;
    const all = isList(refs) ? refs : [refs];
    if (focusFirst) all[0]?.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    const onDown = (e: PointerEvent) => {
      if (!all.some((ref) => ref.current?.contains(e.target as Node))) close();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onDown, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onDown, true);
    };
  }, [refs, open, close, focusFirst]);
}
