import { createContext, useContext } from 'react';
import type { BoardController } from './board-controller';

/** The mounted board's controller, for the chrome around the canvas (toolbar, minimap, overlays, find). */
export const BoardControllerContext = createContext<BoardController | null>(null);

/** The mounted board's controller, or null while no board canvas is mounted. */
export function useBoardController(): BoardController | null {
  return useContext(BoardControllerContext);
}
