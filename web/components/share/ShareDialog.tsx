import { DialogFooter } from '../dialogs/DialogFooter';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_DIALOG_TEXT } from '#shared/messages/web';
import { Dialog } from '../ui/Dialog';
import { copyShareLink, stopSharing } from '../../flows/share-board';
import { copyBoardForMember } from '../../flows/copy-board';
import { useCurrentUser } from '../../data/user.queries';
import type { Board } from '../../data/wire';
import { BoardPeople } from './BoardPeople';
import { LeaveBoardDialog } from './LeaveBoardDialog';

/** `link` is the owner's share-copy link; a member (who may not share the board) opens the dialog without one. */
type Props = { board: Pick<Board, 'id' | 'title' | 'role'>; link: string | null; onClose: () => void };

/**
 * The share dialog. For the owner: the link in a read-only field (selected, so it can be copied by hand when the
 * clipboard refuses), Copy, and Stop sharing, which revokes the link; the link is copied once as the dialog opens
 * (spec accounts §4: the link "is copied to the clipboard"). Under it, the board's people: the owner
 * manages them; a member sees them, and may leave the board or copy it to their own boards.
 */
export function ShareDialog({ board, link, onClose }: Props) {
  const boardId = board.id;
  const queryClient = useQueryClient();
  const { t } = useTranslation('team');
  const user = useCurrentUser().data ?? null;
  const field = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const copiedOnOpen = useRef(false);
  const isOwner = board.role === 'owner';

  const selectLink = () => field.current?.select();
  const copy = async () => {
    if (link && !(await copyShareLink(link))) selectLink();
  };

  // Copied once when the dialog opens; a refused clipboard selects the field to copy by hand.
  useEffect(() => {
    if (copiedOnOpen.current || !link) return;
    copiedOnOpen.current = true;
    void copyShareLink(link).then((copied) => {
      if (!copied) field.current?.select();
    });
  }, [link]);

  const stop = async () => {
    setBusy(true);
    if (await stopSharing(queryClient, boardId)) onClose();
    else setBusy(false);
  };
  const copyToMine = async () => {
    setBusy(true);
    if (await copyBoardForMember(queryClient, boardId)) onClose();
    else setBusy(false);
  };

  return (
    <Dialog
      title={SHARE_DIALOG_TEXT.title}
      subtitle={isOwner ? SHARE_DIALOG_TEXT.subtitle : undefined}
      onClose={onClose}
      className="share-dialog"
    >
      {link && (
        <label className="share-link-label">
          {SHARE_DIALOG_TEXT.linkLabel}
          <input
            ref={field}
            className="share-link"
            type="text"
            readOnly
            value={link}
            onFocus={selectLink}
            data-testid="share-link"
          />
        </label>
      )}
      {user && <BoardPeople boardId={boardId} userId={user.id} isOwner={isOwner} />}
      <DialogFooter
        actions={
          isOwner
            ? [
                link !== null && {
                  label: SHARE_DIALOG_TEXT.stopSharing,
                  kind: 'danger',
                  disabled: busy,
                  onClick: () => void stop(),
                },
                { label: SHARE_DIALOG_TEXT.close, onClick: onClose },
                link !== null && {
                  label: SHARE_DIALOG_TEXT.copy,
                  kind: 'primary',
                  disabled: busy,
                  onClick: () => void copy(),
                },
              ]
            : [
                { label: t('people.leave'), kind: 'danger', disabled: busy || !user, onClick: () => setLeaving(true) },
                { label: SHARE_DIALOG_TEXT.close, onClick: onClose },
                { label: t('people.copyBoard'), kind: 'primary', disabled: busy, onClick: () => void copyToMine() },
              ]
        }
      />
      {leaving && user && (
        <LeaveBoardDialog board={board} userId={user.id} onCancel={() => setLeaving(false)} onLeft={onClose} />
      )}
    </Dialog>
  );
}
