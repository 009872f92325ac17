import type { StateCreator } from 'zustand';
import type { AppState } from './app.store';

/** The open board's live stream (web/data/board-live.ts): 'off' when none is open. */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'waiting';

/** Which board is open. Negative ids are temporary boards waiting for the server (spec board-workspace §3). */
export type BoardSlice = {
  currentBoardId: number | null;
  liveStatus: LiveStatus;
  setLiveStatus: (status: LiveStatus) => void;
  setCurrentBoardId: (id: number | null) => void;
};

export const createBoardSlice: StateCreator<AppState, [['zustand/immer', never]], [], BoardSlice> = (set) => ({
  currentBoardId: null,
  liveStatus: 'off',
  setLiveStatus: (status) => set((s) => void (s.liveStatus = status)),
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
