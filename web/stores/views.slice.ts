import type { StateCreator } from 'zustand';
import type { AppState } from './app.store';

/** Full-screen views over the board and the new-bookmarks counter (spec board-workspace §4 "Bookmark toggle"). */
export type ViewsSlice = {
  bookmarksViewOpen: boolean;
  collectionsViewOpen: boolean;
  newBookmarksCount: number;
  /** Spec §4: a global flag that turns auto-layout off (the search flow holds it while cards fall in). */
  autoLayoutDisabled: boolean;
  setAutoLayoutDisabled: (disabled: boolean) => void;
  /** Opening bookmarks shows the sidebar and resets the counter (spec §4). */
  openBookmarks: () => void;
  closeBookmarks: () => void;
  setCollectionsViewOpen: (open: boolean) => void;
  bookmarkAdded: () => void;
  /** A failed add takes its count back, never below 0 (spec §4). */
  bookmarkAddReverted: () => void;
};

export const createViewsSlice: StateCreator<AppState, [['zustand/immer', never]], [], ViewsSlice> = (set) => ({
  bookmarksViewOpen: false,
  collectionsViewOpen: false,
  newBookmarksCount: 0,
  autoLayoutDisabled: false,
  setAutoLayoutDisabled: (disabled) => set((s) => void (s.autoLayoutDisabled = disabled)),
  openBookmarks: () =>
    set((s) => {
      s.bookmarksViewOpen = true;
      s.sidebarOpen = true;
      s.newBookmarksCount = 0;
      s.contextMenu = null;
      s.pinnedCardId = null;
    }),
  closeBookmarks: () => set((s) => void (s.bookmarksViewOpen = false)),
  setCollectionsViewOpen: (open) => set((s) => void (s.collectionsViewOpen = open)),
  bookmarkAdded: () => set((s) => void (s.newBookmarksCount += 1)),
  bookmarkAddReverted: () => set((s) => void (s.newBookmarksCount = Math.max(0, s.newBookmarksCount - 1))),
});
