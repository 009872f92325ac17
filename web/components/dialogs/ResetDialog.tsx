import { DialogFooter } from './DialogFooter';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RESET_RELOAD_DELAY_MS } from '#shared/constants';
import { RESET_TEXT, TOASTS } from '#shared/messages/web';
import { clearHistory } from '../../commands/history';
import { resetApplication } from '../../data/reset';
import { useAppStore } from '../../stores/app.store';
import { toast } from '../../stores/toast.store';
import { Dialog } from '../ui/Dialog';
import { failureToast } from '../../data/failure-text';

/**
 * Application reset (spec board-workspace §4, §8): Cancel / Reset. Reset removes the user's boards, cards,
 * sections and bookmarks, clears local storage, and reloads the page after 1.5 s.
 */
export function ResetDialog() {
  const open = useAppStore((s) => s.resetDialogOpen);
  const setOpen = useAppStore((s) => s.setResetDialogOpen);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!open) return null;

  const reset = async () => {
    setBusy(true);
    try {
      await resetApplication();
      clearHistory();
      localStorage.clear();
      queryClient.clear();
      toast(TOASTS.appReset, 'success');
      window.setTimeout(() => {
        // Again just before the reload: the board may have saved its camera (a debounced save) while the toast showed.
        localStorage.clear();
        window.location.reload();
      }, RESET_RELOAD_DELAY_MS);
    } catch (err) {
      console.error(err);
      toast(failureToast(TOASTS.appResetFailed, err), 'destructive');
      setBusy(false);
    }
    setOpen(false);
  };

  return (
    <Dialog title={RESET_TEXT.title} onClose={() => setOpen(false)}>
      <p>{RESET_TEXT.body}</p>
      <DialogFooter
        actions={[
          { label: RESET_TEXT.cancel, onClick: () => setOpen(false) },
          { label: RESET_TEXT.confirm, kind: 'danger', disabled: busy, onClick: () => void reset() },
        ]}
      />
    </Dialog>
  );
}
