import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leaveBoard } from '../../data/board-membership';
import type { Board } from '../../data/wire';
import { DialogFooter } from '../dialogs/DialogFooter';
import { Dialog } from '../ui/Dialog';

type Props = { board: Pick<Board, 'id' | 'title'>; userId: number; onCancel: () => void; onLeft: () => void };

/**
 * A member leaves a board shared with them, after saying so in the app's own dialog: Cancel / Leave.
 * Leaving takes effect at once (the board leaves their list); a failure says why and keeps the dialog open.
 */
export function LeaveBoardDialog({ board, userId, onCancel, onLeft }: Props) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('team');
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    if (await leaveBoard(queryClient, board, userId)) onLeft();
    else setBusy(false);
  };
  return (
    <Dialog title={t('sidebar.leaveTitle', { title: board.title })} onClose={onCancel} testId="leave-board-dialog">
      <p>{t('sidebar.leaveDetail')}</p>
      <DialogFooter
        actions={[
          { label: t('sidebar.leaveCancel'), onClick: onCancel },
          { label: t('sidebar.leave'), kind: 'danger', disabled: busy, onClick: () => void leave() },
        ]}
      />
    </Dialog>
  );
}
