import { createContext, useContext } from 'react';
import type { BoardEngine } from '#engine/types';

/** The mounted board engine, for the chrome around the canvas (toolbar, minimap, overlays, find). */
export const EngineContext = createContext<BoardEngine | null>(null);

export function useEngine(): BoardEngine | null {
  return useContext(EngineContext);
}
