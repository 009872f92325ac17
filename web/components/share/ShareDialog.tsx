import { DialogFooter } from '../dialogs/DialogFooter';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SHARE_DIALOG_TEXT } from '#shared/messages/web';
import { Dialog } from '../ui/Dialog';
import { copyShareLink, stopSharing } from '../../flows/share-board';

type Props = { boardId: number; link: string; onClose: () => void };

/**
 * The share dialog: the link in a read-only field (selected, so it can be copied by hand when the clipboard
 * refuses), Copy, and Stop sharing, which revokes the link. The link is copied once as the dialog opens
 * (spec accounts §4: the link "is copied to the clipboard").
 */
export function ShareDialog({ boardId, link, onClose }: Props) {
  const queryClient = useQueryClient();
  const field = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const copiedOnOpen = useRef(false);

  const selectLink = () => field.current?.select();
  const copy = async () => {
    if (!(await copyShareLink(link))) selectLink();
  };

  // Copied once when the dialog opens; a refused clipboard selects the field to copy by hand.
  useEffect(() => {
    if (copiedOnOpen.current) return;
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

  return (
    <Dialog title={SHARE_DIALOG_TEXT.title} subtitle={SHARE_DIALOG_TEXT.subtitle} onClose={onClose} className="share-dialog">
      <label className="share-link-label">
        {SHARE_DIALOG_TEXT.linkLabel}
        <input ref={field} className="share-link" type="text" readOnly value={link} onFocus={selectLink} data-testid="share-link" />
      </label>
      <DialogFooter
        actions={[
          { label: SHARE_DIALOG_TEXT.stopSharing, kind: 'danger', disabled: busy, onClick: () => void stop() },
          { label: SHARE_DIALOG_TEXT.close, onClick: onClose },
          { label: SHARE_DIALOG_TEXT.copy, kind: 'primary', disabled: busy, onClick: () => void copy() },
        ]}
      />
    </Dialog>
  );
}
