import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../data/api-client';
import { useOpenBoard } from '../../data/board-role';
import { askOwnerToUpgrade, ownerName } from '../../data/team-plan';
import { useAskOwnerStore } from '../../stores/ask-owner.store';
import { DialogFooter } from '../dialogs/DialogFooter';
import { Dialog } from '../ui/Dialog';

type Sent = 'idle' | 'sending' | 'sent' | 'today' | 'failed';

/**
 * A member pressed "Upgrade Plan to Unlock" on a board shared with them: the owner's plan locks its sections for
 * everyone on it, so the member's own checkout would open nothing. The dialog says so and offers to ask the owner
 * (mailed to them, and told on their open board), once a day.
 */
export function AskOwnerDialog() {
  const boardId = useAskOwnerStore((s) => s.boardId);
  const close = useAskOwnerStore((s) => s.close);
  const board = useOpenBoard();
  if (boardId === null || !board || board.id !== boardId || board.role === 'owner') return null;
  return <AskOwner key={boardId} boardId={boardId} title={board.title} owner={ownerName(board)} onClose={close} />;
}

function AskOwner({
  boardId,
  title,
  owner,
  onClose,
}: {
  boardId: number;
  title: string;
  owner: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('team');
  const [sent, setSent] = useState<Sent>('idle');
  const ask = async () => {
    setSent('sending');
    try {
      await askOwnerToUpgrade(boardId);
      setSent('sent');
    } catch (err) {
      setSent(err instanceof ApiError && err.status === 429 ? 'today' : 'failed');
    }
  };
  const notice =
    sent === 'sent'
      ? t('plan.asked', { owner })
      : sent === 'today'
        ? t('plan.askedToday', { owner })
        : sent === 'failed'
          ? t('plan.askFailed', { owner })
          : null;
  return (
    <Dialog title={t('plan.askTitle')} onClose={onClose} className="ask-owner-dialog" testId="ask-owner-dialog">
      <p>{t('plan.askDetail', { owner, title })}</p>
      {notice && (
        <p role="status" data-testid="ask-owner-notice">
          {notice}
        </p>
      )}
      <DialogFooter
        actions={[
          { label: t('plan.close'), onClick: onClose },
          sent !== 'sent' &&
            sent !== 'today' && {
              label: sent === 'sending' ? t('plan.asking') : t('plan.askButton', { owner }),
              kind: 'primary',
              disabled: sent === 'sending',
              onClick: () => void ask(),
            },
        ]}
      />
    </Dialog>
  );
}
