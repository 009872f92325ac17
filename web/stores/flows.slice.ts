import type { StateCreator } from 'zustand';
import type { AppState } from './app.store';

/**
 * Guards of the workflows in web/flows: one layout run at a time (spec board-workspace §4 auto-layout) and one
 * search submit at a time (a double Enter, or a pending query racing a click); the first 'Untitled' board asked
 * for once per user (spec §4: "once"), and a share code opened once even if the page's effect runs twice. Kept
 * in the store, not in module variables, so they are visible and reset with the rest of the UI state.
 */
export type FlowsSlice = {
  layoutRunning: boolean;
  /**
   * Layout runs finished in this page's life (their framing done too). The board canvas mirrors it, so a tool or a
   * test can tell "laid out and settled" from "not started yet" without watching requests.
   */
  layoutRunsEnded: number;
  searchSubmitting: boolean;
  /** Users for whom the first 'Untitled' board was already asked for in this page's life. */
  untitledBoardRequested: Record<number, true>;
  /** Share codes whose copy is being made now. */
  shareCodesOpening: Record<string, true>;
  setLayoutRunning: (running: boolean) => void;
  setSearchSubmitting: (submitting: boolean) => void;
  /** True the first time for a user, false after: the caller creates the board only on true. */
  claimUntitledBoard: (userId: number) => boolean;
  /** True when the code was not being opened; false while an earlier open of it runs. */
  claimShareCode: (code: string) => boolean;
  releaseShareCode: (code: string) => void;
};

export const createFlowsSlice: StateCreator<AppState, [['zustand/immer', never]], [], FlowsSlice> = (set, get) => ({
  layoutRunning: false,
  layoutRunsEnded: 0,
  searchSubmitting: false,
  untitledBoardRequested: {},
  shareCodesOpening: {},
  setLayoutRunning: (running) =>
    set((s) => {
      if (s.layoutRunning && !running) s.layoutRunsEnded += 1;
      s.layoutRunning = running;
    }),
  setSearchSubmitting: (submitting) => set((s) => void (s.searchSubmitting = submitting)),
  claimUntitledBoard: (userId) => {
    if (get().untitledBoardRequested[userId]) return false;
    set((s) => void (s.untitledBoardRequested[userId] = true));
    return true;
  },
  claimShareCode: (code) => {
    if (get().shareCodesOpening[code]) return false;
    set((s) => void (s.shareCodesOpening[code] = true));
    return true;
  },
  releaseShareCode: (code) => set((s) => void delete s.shareCodesOpening[code]),
});
