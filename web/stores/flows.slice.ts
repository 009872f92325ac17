import type { StateCreator } from 'zustand';
import type { AppState } from './app.store';

/**
 * Guards of the workflows in web/flows: one layout run at a time (spec board-workspace §4 auto-layout) and one
 * search submit at a time (a double Enter, or a pending query racing a click). Kept in the store, not in module
 * variables, so they are visible and reset with the rest of the UI state.
 */
export type FlowsSlice = {
  layoutRunning: boolean;
  searchSubmitting: boolean;
  setLayoutRunning: (running: boolean) => void;
  setSearchSubmitting: (submitting: boolean) => void;
};

export const createFlowsSlice: StateCreator<AppState, [['zustand/immer', never]], [], FlowsSlice> = (set) => ({
  layoutRunning: false,
  searchSubmitting: false,
  setLayoutRunning: (running) => set((s) => void (s.layoutRunning = running)),
  setSearchSubmitting: (submitting) => set((s) => void (s.searchSubmitting = submitting)),
});
