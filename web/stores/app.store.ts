import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { createBoardSlice, type BoardSlice } from './board.slice';
import { createCameraMirrorSlice, type CameraMirrorSlice } from './camera-mirror.slice';
import { createFlowsSlice, type FlowsSlice } from './flows.slice';
import { createGallerySlice, type GallerySlice } from './gallery.slice';
import { createHistorySlice, type HistorySlice } from './history.slice';
import { createPresenceSlice, type PresenceSlice } from './presence.slice';
import { createOverlaysSlice, type OverlaysSlice } from './overlays.slice';
import { createSelectionSlice, type SelectionSlice } from './selection.slice';
import { createSidebarSlice, type SidebarSlice } from './sidebar.slice';
import { createViewsSlice, type ViewsSlice } from './views.slice';

/**
 * UI state of the web app (STYLE.md §5): built from slices with immer, read through narrow selectors. Server
 * data never lands here; it stays in react-query.
 */
export type AppState = BoardSlice &
  SidebarSlice &
  ViewsSlice &
  CameraMirrorSlice &
  SelectionSlice &
  OverlaysSlice &
  HistorySlice &
  FlowsSlice &
  GallerySlice &
  PresenceSlice;

export const createAppStore = () =>
  create<AppState>()(
    immer((...a) => ({
      ...createBoardSlice(...a),
      ...createSidebarSlice(...a),
      ...createViewsSlice(...a),
      ...createCameraMirrorSlice(...a),
      ...createSelectionSlice(...a),
      ...createOverlaysSlice(...a),
      ...createHistorySlice(...a),
      ...createFlowsSlice(...a),
      ...createGallerySlice(...a),
      ...createPresenceSlice(...a),
    })),
  );

export const useAppStore = createAppStore();
