import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { batchCommand } from '../../commands/batch';
import type { Command } from '../../commands/command';
import { execute } from '../../commands/history';
import { moveCardsToBoardCommand } from '../../commands/move-card-to-board';
import { moveCardsToSectionCommand } from '../../commands/section-moves';
import { toggleBookmarkCommand } from '../../commands/toggle-bookmark';
import type { Board, Card, Section } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { useBoardController } from '../board/board-controller-context';
import { SectionSelect } from '../section/SectionSelect';
import { deleteCardsWithUndo } from '../card/card-actions';
import { Icon } from '../icons';
import { canEditBoard, useCanEdit } from '../../data/board-role';

type Props = { cards: Card[]; sections: Section[]; boards: Board[]; currentBoardId: number | null };

/**
 * Actions on a multi-selection (Shift-click, rubber-band): move to a section or board, bookmark, delete, zoom to
 * the selection. Each is one batch of the single-card commands, so it is one undo step.
 */
export function SelectionBar({ cards, sections, boards, currentBoardId }: Props) {
  const { t } = useTranslation('boardTools');
  const selected = useAppStore((s) => s.selectedCardIds);
  const clear = useAppStore((s) => s.clearSelection);
  const openExport = useAppStore((s) => s.openExportDialog);
  const queryClient = useQueryClient();
  const board = useBoardController();
  // A viewer's selection is only zoomed to or exported; moves and deletes are the editors'.
  const canEdit = useCanEdit();
  const selectedSet = new Set(selected);
  const chosen = selected.length ? cards.filter((c) => selectedSet.has(c.id)) : [];
  if (chosen.length === 0) return null;

  const run = (label: string, commands: Command[]) => void execute(batchCommand(label, commands), queryClient);
  // Bookmark all; when all already are, take the bookmark off all.
  const allBookmarked = chosen.every((c) => c.isBookmarked === 1);
  const toToggle = chosen.filter((c) => (allBookmarked ? c.isBookmarked === 1 : c.isBookmarked === 0));

  return (
    <div className="selection-bar" role="toolbar" aria-label={t('selection.label')} data-testid="selection-bar">
      <span className="selection-count">{t('selection.count', { count: chosen.length })}</span>
      {canEdit && (
        <SectionSelect
          aria-label={t('selection.moveToSection')}
          sections={sections}
          value=""
          prompt={{ label: t('selection.moveToSection'), disabled: true }}
          onChoose={(target) => {
            if (target === undefined) return;
            const ids = chosen.filter((c) => (c.sectionId ?? null) !== target).map((c) => c.id);
            if (ids.length && currentBoardId !== null)
              void execute(
                moveCardsToSectionCommand(
                  queryClient,
                  currentBoardId,
                  ids,
                  target,
                  'selection',
                  t('selection.moveCardsToSection'),
                ),
                queryClient,
              );
          }}
        />
      )}
      {canEdit && (
        <select
          aria-label={t('selection.moveToBoard')}
          value=""
          onChange={(e) => {
            const boardId = Number(e.target.value);
            clear();
            if (currentBoardId !== null)
              void execute(
                moveCardsToBoardCommand(
                  currentBoardId,
                  chosen.map((c) => c.id),
                  boardId,
                  'Move cards to board',
                ),
                queryClient,
              );
          }}
        >
          <option value="" disabled>
            {t('selection.moveToBoard')}
          </option>
          {boards
            .filter((b) => b.id !== currentBoardId && b.id > 0 && canEditBoard(b.role))
            .map((b) => (
              <option key={b.id} value={b.id}>
                {b.title}
              </option>
            ))}
        </select>
      )}
      <button
        type="button"
        className="tb"
        onClick={() =>
          run(
            t('selection.bookmarkCards'),
            toToggle.map((c) => toggleBookmarkCommand(c.id)),
          )
        }
      >
        {allBookmarked ? t('selection.unbookmark') : t('selection.bookmark')}
      </button>
      {canEdit && (
        <button
          type="button"
          className="tb danger"
          onClick={() => {
            clear();
            void deleteCardsWithUndo(
              queryClient,
              chosen.map((c) => c.id),
            );
          }}
        >
          {t('selection.delete')}
        </button>
      )}
      <button type="button" className="tb" disabled={!board} onClick={() => board?.fit(chosen.map((c) => c.id))}>
        {t('selection.zoomToSelection')}
      </button>
      <button type="button" className="tb" onClick={() => openExport({ scope: 'selection', sectionId: null })}>
        {t('selection.export')}
      </button>
      <button type="button" className="icon-btn" aria-label={t('selection.clear')} onClick={clear}>
        <Icon name="close" />
      </button>
    </div>
  );
}
