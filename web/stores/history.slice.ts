import type { StateCreator } from 'zustand';
import type { AppState } from './app.store';

/** What the chrome shows about undo / redo; the stacks themselves live in web/commands/history.ts. */
export type HistorySlice = {
  undoLabel: string | null;
  redoLabel: string | null;
  setHistoryLabels: (undoLabel: string | null, redoLabel: string | null) => void;
};

export const createHistorySlice: StateCreator<AppState, [['zustand/immer', never]], [], HistorySlice> = (set) => ({
  undoLabel: null,
  redoLabel: null,
  setHistoryLabels: (undoLabel, redoLabel) =>
    set((s) => {
      s.undoLabel = undoLabel;
      s.redoLabel = redoLabel;
    }),
});
