import { useCallback } from 'react';
import { useBoardController } from './board-controller-context';

/**
 * A ref for DOM chrome laid over the canvas (a card's hover toolbar, its reason chips): the board's wheel zoom
 * and Space-drag go through it, its own clicks stay its own. Released when the element goes.
 */
export function usePassThrough(): (element: HTMLElement | null) => (() => void) | undefined {
  const board = useBoardController();
  return useCallback(
    (element: HTMLElement | null) => (element && board ? board.passThrough(element) : undefined),
    [board],
  );
}
