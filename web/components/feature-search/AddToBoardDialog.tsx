import { DialogFooter } from '../dialogs/DialogFooter';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureRecord } from '#shared/schemas/catalogue';
import { useBoards } from '../../data/boards.queries';
import { addFeatureToBoard } from '../../data/feature-search-cards';
import { useAppStore } from '../../stores/app.store';
import { toast } from '../../stores/toast.store';
import { Dialog } from '../ui/Dialog';
import { failureToast } from '../../data/failure-text';

type Props = { feature: FeatureRecord; userId: number; onClose: () => void };

/**
 * Add to board ("beyond the original"): the user picks one of their boards (the current one first) and
 * the feature becomes a card there. Spec §8 toasts: 'Card Created', 'Failed to create card'.
 */
export function AddToBoardDialog({ feature, userId, onClose }: Props) {
  const queryClient = useQueryClient();
  const boards = (useBoards(userId).data ?? []).filter((b) => b.id > 0);
  const currentBoardId = useAppStore((s) => s.currentBoardId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('features');
  const fallback =
    boards.find((b) => b.id === currentBoardId)?.id ?? [...boards].sort((a, b) => b.id - a.id)[0]?.id ?? null;
  const boardId = chosen ?? fallback;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (boardId === null) return;
    setBusy(true);
    try {
      await addFeatureToBoard(queryClient, feature, boardId);
      const board = boards.find((b) => b.id === boardId)?.title ?? '';
      toast({ title: t('cardCreated.title'), description: t('cardCreated.description', { board }) }, 'success');
      onClose();
    } catch (err) {
      console.error(err);
      toast(failureToast({ title: t('cardCreateFailed') }, err), 'destructive');
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('addDialog.title')}
      subtitle={t('addDialog.subtitle', { feature: feature.feature_screen_name })}
      onClose={onClose}
    >
      <form className="form" onSubmit={(e) => void submit(e)}>
        <label>
          {t('addDialog.board')}
          <select
            value={boardId ?? ''}
            onChange={(e) => setChosen(Number(e.target.value))}
            disabled={boards.length === 0}
          >
            {boards.map((b) => (
              <option key={b.id} value={b.id}>
                {b.title}
              </option>
            ))}
          </select>
        </label>
        <DialogFooter
          actions={[
            { label: t('addDialog.cancel'), onClick: onClose },
            {
              label: busy ? t('addDialog.adding') : t('addDialog.add'),
              kind: 'primary',
              submit: true,
              disabled: busy || boardId === null,
            },
          ]}
        />
      </form>
    </Dialog>
  );
}
