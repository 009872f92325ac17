import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redo, undo } from '../../commands/history';
import { TOOLBAR_ZOOM, zoomPercent } from '../../logic/camera-math';
import { useAppStore } from '../../stores/app.store';
import { useBoardController } from '../board/board-controller-context';
import { Icon } from '../icons';
import { LowSpecToggle } from '../large-board/LowSpecToggle';
import { AddImagesButton } from '../own-images/AddImagesButton';
import { organizeBoard } from '../../flows/organize';
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
  const { t } = useTranslation('toolbar');
  const board = useBoardController();
  const queryClient = useQueryClient();
  const zoom = useAppStore((s) => s.view.zoom);
  const undoLabel = useAppStore((s) => s.undoLabel);
  const redoLabel = useAppStore((s) => s.redoLabel);
  const selection = useAppStore((s) => s.selectedCardIds);
  const openExport = useAppStore((s) => s.openExportDialog);
  const disabled = !board;
  const [sharing, setSharing] = useState<Board | null>(null);
  const openBoard = useOpenBoard();
  // A viewer's toolbar offers no writes (organize, own images, undo); the role is read in one place.
  const canEdit = canEditBoard(openBoard?.role ?? 'owner');
  // Opens the dialog and nothing more: sharing by link and the clipboard wait for the dialog's own buttons.
  const share = () => {
    if (openBoard && boardId !== null && boardId > 0) setSharing(openBoard);
    else toast({ title: t('noBoardToShare') }, 'destructive');
  };

  return (
    <div className="zoom-toolbar" role="toolbar" aria-label={t('label')}>
      <button type="button" className="tb" disabled={disabled} onClick={() => board?.zoomStep(-1, TOOLBAR_ZOOM)}>
        {t('zoomOut')}
      </button>
      <span className="zoom-percent" data-testid="zoom-percent" aria-live="polite">
        {zoomPercent(zoom)}
      </span>
      <button type="button" className="tb" disabled={disabled} onClick={() => board?.zoomStep(1, TOOLBAR_ZOOM)}>
        {t('zoomIn')}
      </button>
      <span className="tb-sep" />
      {canEdit && (
        <button
          type="button"
          className="tb"
          disabled={boardId === null || boardId <= 0}
          onClick={() => boardId !== null && void organizeBoard(queryClient, boardId, { record: true })}
        >
          {t('organize')}
        </button>
      )}
      {canEdit && <AddImagesButton boardId={boardId} />}
      <button type="button" className="tb" onClick={share}>
        {t('shareBoard')}
      </button>
      <button
        type="button"
        className="tb"
        disabled={boardId === null || boardId <= 0}
        onClick={() => openExport({ scope: 'board', sectionId: null })}
      >
        {t('export')}
      </button>
      {sharing && <ShareDialog board={sharing} onClose={() => setSharing(null)} />}
      <button type="button" className="tb" disabled={disabled} onClick={() => board?.resetView()}>
        {t('resetView')}
      </button>
      <button
        type="button"
        className="tb"
        disabled={disabled}
        onClick={() => board?.fit(selection.length ? selection : undefined)}
      >
        {t('zoomToFit')}
      </button>
      <span className="tb-sep" />
      <button
        type="button"
        className="tb"
        disabled={!undoLabel || !canEdit}
        title={undoLabel ? t('undoWhat', { what: undoLabel }) : t('undo')}
        aria-label={t('undo')}
        onClick={() => void undo(queryClient)}
      >
        <Icon name="undo" />
      </button>
      <button
        type="button"
        className="tb"
        disabled={!redoLabel || !canEdit}
        title={redoLabel ? t('redoWhat', { what: redoLabel }) : t('redo')}
        aria-label={t('redo')}
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
