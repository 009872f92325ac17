import type { StateCreator } from 'zustand';
import type { AppState } from './app.store';

/** Which board is open. Negative ids are temporary boards waiting for the server (spec board-workspace §3). */
export type BoardSlice = {
  currentBoardId: number | null;
  setCurrentBoardId: (id: number | null) => void;
};

export const createBoardSlice: StateCreator<AppState, [['zustand/immer', never]], [], BoardSlice> = (set) => ({
  currentBoardId: null,
  setCurrentBoardId: (id) =>
    set((s) => {
      if (s.currentBoardId === id) return;
      s.currentBoardId = id;
      // Spec §4: the rating notification and its query id are cleared when the board changes; the selection
      // and open overlays belong to the old board.
      s.ratingQueryId = null;
      s.selectedCardIds = [];
      s.contextMenu = null;
      s.pinnedCardId = null;
      s.hoveredCardId = null;
      s.viewer = null;
    }),
});
