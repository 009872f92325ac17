import { DialogFooter } from './DialogFooter';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RESET_RELOAD_DELAY_MS } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { clearHistory } from '../../commands/history';
import { resetApplication } from '../../data/reset';
import { useAppStore } from '../../stores/app.store';
import { toast } from '../../stores/toast.store';
import { Dialog } from '../ui/Dialog';
import { failureToast } from '../../data/failure-text';
import { commandToast } from '../../i18n/command-toasts';

/**
 * Application reset (spec board-workspace §4, §8): Cancel / Reset. Reset removes the user's boards, cards,
 * sections and bookmarks, clears local storage, and reloads the page after 1.5 s.
 */
export function ResetDialog() {
  const { t } = useTranslation('dialogs');
  const open = useAppStore((s) => s.resetDialogOpen);
  const setOpen = useAppStore((s) => s.setResetDialogOpen);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!open) return null;

  const reset = async () => {
    setBusy(true);
    try {
      await resetApplication();
      clearHistory(queryClient);
      localStorage.clear();
      queryClient.clear();
      toast({ title: t('reset.done') }, 'success');
      window.setTimeout(() => {
        // Again just before the reload: the board may have saved its camera (a debounced save) while the toast showed.
        localStorage.clear();
        window.location.reload();
      }, RESET_RELOAD_DELAY_MS);
    } catch (err) {
      console.error(err);
      toast(failureToast(commandToast('appResetFailed'), err), 'destructive');
      setBusy(false);
    }
    setOpen(false);
  };

  return (
    <Dialog title={t('reset.title')} onClose={() => setOpen(false)}>
      <p>{t('reset.body')}</p>
      <DialogFooter
        actions={[
          { label: t('reset.cancel'), onClick: () => setOpen(false) },
          { label: t('reset.confirm'), kind: 'danger', disabled: busy, onClick: () => void reset() },
        ]}
      />
    </Dialog>
  );
}
