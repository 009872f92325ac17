import type { StateCreator } from 'zustand';
import type { AppState } from './app.store';

/** Multi-select: Shift-click toggles a card, rubber-band replaces the selection. */
export type SelectionSlice = {
  selectedCardIds: number[];
  setSelection: (ids: number[]) => void;
  toggleSelected: (id: number) => void;
  clearSelection: () => void;
};

export const createSelectionSlice: StateCreator<AppState, [['zustand/immer', never]], [], SelectionSlice> = (set) => ({
  selectedCardIds: [],
  setSelection: (ids) => set((s) => void (s.selectedCardIds = [...new Set(ids)])),
  toggleSelected: (id) =>
    set((s) => {
      const at = s.selectedCardIds.indexOf(id);
      if (at >= 0) s.selectedCardIds.splice(at, 1);
      else s.selectedCardIds.push(id);
    }),
  clearSelection: () => set((s) => void (s.selectedCardIds = [])),
});
