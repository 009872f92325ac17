import type { QueryClient } from '@tanstack/react-query';
import { failureToast } from '../data/failure-text';
import { copyBoardToMine } from '../data/members.queries';
import { boardKeys } from '../data/query-keys';
import { webI18n } from '../i18n/i18n';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';

/**
 * "Copy to my boards": a member of a board (a viewer too) copies it among their own boards
 * (POST /api/boards/:id/copy), and the copy opens. Answers whether it worked.
 */
export async function copyBoardForMember(queryClient: QueryClient, boardId: number): Promise<boolean> {
  try {
    const copyId = await copyBoardToMine(boardId);
    await queryClient.refetchQueries({ queryKey: boardKeys.lists() });
    useAppStore.getState().setCurrentBoardId(copyId);
    toast({ title: webI18n.t('team:access.copied') }, 'success');
    return true;
  } catch (err) {
    console.error(err);
    toast(failureToast({ title: webI18n.t('team:access.copyFailed') }, err), 'destructive');
    return false;
  }
}
