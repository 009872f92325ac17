import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { redo, undo } from '../../commands/history';
import { SHORTCUT_ZOOM } from '../../logic/camera-math';
import { shortcutFor } from '../../logic/shortcuts';
import { useAppStore } from '../../stores/app.store';
import { deleteCardsWithUndo } from '../card/card-actions';
import { currentBoardCanEdit } from '../../data/board-role';
import type { BoardController } from './board-controller';

/**
 * The board screen's keyboard (spec board-workspace §2, accounts §2): r, b, 0, + / =, - / _, Escape outside
 * text fields; undo / redo, find, Delete on a selection and f (zoom to fit). While a dialog or the viewer is
 * open, the board keys rest (the dialog owns the keyboard).
 */
export function useBoardShortcuts(board: BoardController | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(e);
      if (!action) return;
      const s = useAppStore.getState();
      if (s.viewer || s.moveDialog || s.resetDialogOpen || document.querySelector('dialog:modal')) return;
      const boardVisible = !s.bookmarksViewOpen && !s.collectionsViewOpen;
      const camera = boardVisible ? board : null;
      // On a viewer's read-only board the keys that write (undo, redo, Delete) do nothing.
      if ((action === 'undo' || action === 'redo' || action === 'deleteSelection') && !currentBoardCanEdit(queryClient))
        return;
      switch (action) {
        case 'find':
          if (!boardVisible) return;
          e.preventDefault();
          s.setFindOpen(true);
          return;
        case 'undo':
          e.preventDefault();
          void undo(queryClient);
          return;
        case 'redo':
          e.preventDefault();
          void redo(queryClient);
          return;
        case 'resetView':
          camera?.resetView();
          return;
        case 'toggleSidebar':
          s.toggleSidebar();
          return;
        case 'zoomReset':
          camera?.resetZoom();
          return;
        case 'zoomIn':
          camera?.zoomStep(1, SHORTCUT_ZOOM);
          return;
        case 'zoomOut':
          camera?.zoomStep(-1, SHORTCUT_ZOOM);
          return;
        case 'zoomToFit':
          camera?.fit(s.selectedCardIds.length ? s.selectedCardIds : undefined);
          return;
        case 'deleteSelection':
          if (!boardVisible || s.selectedCardIds.length === 0) return;
          e.preventDefault();
          void deleteCardsWithUndo(queryClient, s.selectedCardIds);
          s.clearSelection();
          return;
        case 'escape':
          if (s.contextMenu) return s.closeContextMenu();
          if (s.findOpen) return s.setFindOpen(false);
          if (s.bookmarksViewOpen) return s.closeBookmarks();
          if (s.selectedCardIds.length) return s.clearSelection();
          // Spec §2: Escape closes the sidebar if it is open.
          if (s.sidebarOpen) s.setSidebarOpen(false);
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [board, queryClient]);
}
