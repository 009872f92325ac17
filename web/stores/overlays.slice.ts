import type { StateCreator } from 'zustand';
import type { AppState } from './app.store';

export type ViewerState = { cardId: number; imageIndex: number };
/** The right-click menu: a card's ('Добавить в секцию') or a section's (rename, more like this, export, colour). */
export type ContextMenuState =
  | { cardId: number; x: number; y: number; sectionId?: undefined }
  | { sectionId: number; x: number; y: number; cardId?: undefined };
export type MoveDialogState = { initialCardId: number | null };
/** The export dialog and what it was opened on: the board, one section, or the selection. */
export type ExportDialogState = { scope: 'board' | 'section' | 'selection'; sectionId: number | null };

/** Dialogs, menus and overlays on the board screen; one field each, closed = null / false. */
export type OverlaysSlice = {
  viewer: ViewerState | null;
  contextMenu: ContextMenuState | null;
  /** The section menu (right-click on a section): "More like this section". */
  moveDialog: MoveDialogState | null;
  resetDialogOpen: boolean;
  findOpen: boolean;
  /** A card whose hover controls stay shown without the pointer (find on board, keyboard users). */
  pinnedCardId: number | null;
  /** The card under the pointer on the canvas (from the engine's cardHover). */
  hoveredCardId: number | null;
  /** The card the bookmarks view or find asked to show: the canvas centres and highlights it once loaded. */
  focusRequest: { cardId: number; boardId: number; zoom: number; highlightMs: number; at: number } | null;
  /** Set by find similar for the search flow to run on the new board: spec §4 "pending query". */
  pendingQuery: { boardId: number; text: string } | null;
  /** The query id the rating popup rates; set by the search flow, cleared on board change (spec §4). */
  ratingQueryId: number | null;
  exportDialog: ExportDialogState | null;
  openExportDialog: (state: ExportDialogState) => void;
  closeExportDialog: () => void;
  openViewer: (cardId: number, imageIndex?: number) => void;
  closeViewer: () => void;
  openContextMenu: (menu: ContextMenuState) => void;
  closeContextMenu: () => void;
  openMoveDialog: (initialCardId: number | null) => void;
  closeMoveDialog: () => void;
  setResetDialogOpen: (open: boolean) => void;
  setFindOpen: (open: boolean) => void;
  setPinnedCardId: (id: number | null) => void;
  setRatingQueryId: (id: number | null) => void;
  setHoveredCardId: (id: number | null) => void;
  requestFocus: (req: { cardId: number; boardId: number; zoom: number; highlightMs: number }) => void;
  clearFocusRequest: () => void;
  setPendingQuery: (pending: { boardId: number; text: string } | null) => void;
};

export const createOverlaysSlice: StateCreator<AppState, [['zustand/immer', never]], [], OverlaysSlice> = (set) => ({
  viewer: null,
  contextMenu: null,
  moveDialog: null,
  resetDialogOpen: false,
  findOpen: false,
  pinnedCardId: null,
  hoveredCardId: null,
  focusRequest: null,
  pendingQuery: null,
  ratingQueryId: null,
  exportDialog: null,
  openExportDialog: (state) =>
    set((s) => {
      s.exportDialog = state;
      s.contextMenu = null;
    }),
  closeExportDialog: () => set((s) => void (s.exportDialog = null)),
  openViewer: (cardId, imageIndex = 0) =>
    set((s) => {
      s.viewer = { cardId, imageIndex };
      s.contextMenu = null;
    }),
  closeViewer: () => set((s) => void (s.viewer = null)),
  openContextMenu: (menu) => set((s) => void (s.contextMenu = menu)),
  closeContextMenu: () => set((s) => void (s.contextMenu = null)),
  openMoveDialog: (initialCardId) =>
    set((s) => {
      s.moveDialog = { initialCardId };
      s.contextMenu = null;
    }),
  closeMoveDialog: () => set((s) => void (s.moveDialog = null)),
  setResetDialogOpen: (open) => set((s) => void (s.resetDialogOpen = open)),
  setFindOpen: (open) => set((s) => void (s.findOpen = open)),
  setPinnedCardId: (id) => set((s) => void (s.pinnedCardId = id)),
  setRatingQueryId: (id) => set((s) => void (s.ratingQueryId = id)),
  setHoveredCardId: (id) =>
    set((s) => {
      if (s.hoveredCardId !== id) s.hoveredCardId = id;
    }),
  requestFocus: (req) => set((s) => void (s.focusRequest = { ...req, at: Date.now() })),
  clearFocusRequest: () => set((s) => void (s.focusRequest = null)),
  setPendingQuery: (pending) => set((s) => void (s.pendingQuery = pending)),
});
