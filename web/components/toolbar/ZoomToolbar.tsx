import { useQueryClient } from '@tanstack/react-query';
import { EXPORT_TEXT } from '#shared/messages/export';
import { useState } from 'react';
import { SHARE_TOASTS, TOOLBAR_TEXT } from '#shared/messages/web';
import { redo, undo } from '../../commands/history';
import { TOOLBAR_ZOOM, zoomPercent } from '../../logic/camera-math';
import { useAppStore } from '../../stores/app.store';
import { useEngine } from '../board/engine-context';
import { Icon } from '../icons';
import { LowSpecToggle } from '../large-board/LowSpecToggle';
import { AddImagesButton } from '../own-images/AddImagesButton';
import { organizeBoard } from '../../flows/organize';
import { resetCamera, stepCameraZoom } from './camera-actions';
import { ShareDialog } from '../share/ShareDialog';
import { BoardHelp } from './BoardHelp';
import { toast } from '../../stores/toast.store';
import { canEditBoard, useOpenBoard } from '../../data/board-role';
import type { Board } from '../../data/wire';

/**
 * The zoom toolbar (spec accounts §2): Zoom Out, the percentage, Zoom In, Organize Cards, Share Board, Reset
 * View; then zoom to fit, undo and redo ("Beyond the original"). Toolbar zoom stays within 0.3–2.
 */
export function ZoomToolbar({ boardId }: { boardId: number | null }) {
  const engine = useEngine();
  const queryClient = useQueryClient();
  const zoom = useAppStore((s) => s.view.zoom);
  const undoLabel = useAppStore((s) => s.undoLabel);
  const redoLabel = useAppStore((s) => s.redoLabel);
  const selection = useAppStore((s) => s.selectedCardIds);
  const openExport = useAppStore((s) => s.openExportDialog);
  const disabled = !engine;
  const [sharing, setSharing] = useState<Board | null>(null);
  const openBoard = useOpenBoard();
  // A viewer's toolbar offers no writes (organize, own images, undo); the role is read in one place.
  const canEdit = canEditBoard(openBoard?.role ?? 'owner');
  // Opens the dialog and nothing more: sharing by link and the clipboard wait for the dialog's own buttons.
  const share = () => {
    if (openBoard && boardId !== null && boardId > 0) setSharing(openBoard);
    else toast(SHARE_TOASTS.noBoard, 'destructive');
  };

  return (
    <div className="zoom-toolbar" role="toolbar" aria-label="Board controls">
      <button
        type="button"
        className="tb"
        disabled={disabled}
        onClick={() => engine && stepCameraZoom(engine, -1, TOOLBAR_ZOOM)}
      >
        {TOOLBAR_TEXT.zoomOut}
      </button>
      <span className="zoom-percent" data-testid="zoom-percent" aria-live="polite">
        {zoomPercent(zoom)}
      </span>
      <button
        type="button"
        className="tb"
        disabled={disabled}
        onClick={() => engine && stepCameraZoom(engine, 1, TOOLBAR_ZOOM)}
      >
        {TOOLBAR_TEXT.zoomIn}
      </button>
      <span className="tb-sep" />
      {canEdit && (
        <button
          type="button"
          className="tb"
          disabled={boardId === null || boardId <= 0}
          onClick={() => boardId !== null && void organizeBoard(queryClient, boardId, { record: true })}
        >
          {TOOLBAR_TEXT.organize}
        </button>
      )}
      {canEdit && <AddImagesButton boardId={boardId} />}
      <button type="button" className="tb" onClick={share}>
        {TOOLBAR_TEXT.shareBoard}
      </button>
      <button
        type="button"
        className="tb"
        disabled={boardId === null || boardId <= 0}
        onClick={() => openExport({ scope: 'board', sectionId: null })}
      >
        {EXPORT_TEXT.menuEntry}
      </button>
      {sharing && <ShareDialog board={sharing} onClose={() => setSharing(null)} />}
      <button type="button" className="tb" disabled={disabled} onClick={() => engine && resetCamera(engine)}>
        {TOOLBAR_TEXT.resetView}
      </button>
      <button
        type="button"
        className="tb"
        disabled={disabled}
        onClick={() => engine?.zoomToFit(selection.length ? selection : undefined)}
      >
        {TOOLBAR_TEXT.zoomToFit}
      </button>
      <span className="tb-sep" />
      <button
        type="button"
        className="tb"
        disabled={!undoLabel || !canEdit}
        title={undoLabel ? `${TOOLBAR_TEXT.undo}: ${undoLabel}` : TOOLBAR_TEXT.undo}
        aria-label={TOOLBAR_TEXT.undo}
        onClick={() => void undo(queryClient)}
      >
        <Icon name="undo" />
      </button>
      <button
        type="button"
        className="tb"
        disabled={!redoLabel || !canEdit}
        title={redoLabel ? `${TOOLBAR_TEXT.redo}: ${redoLabel}` : TOOLBAR_TEXT.redo}
        aria-label={TOOLBAR_TEXT.redo}
        onClick={() => void redo(queryClient)}
      >
        <Icon name="redo" />
      </button>
      <span className="tb-sep" />
      <LowSpecToggle />
      <BoardHelp />
    </div>
  );
}
