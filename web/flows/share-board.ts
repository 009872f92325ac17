import type { QueryClient } from '@tanstack/react-query';
import { boardKeys } from '../data/query-keys';
import { setBoardShared } from '../data/share.queries';
import { commandToast } from '../i18n/command-toasts';
import { toast } from '../stores/toast.store';
import { failureToast } from '../data/failure-text';

/**
 * Create copy link (spec accounts §4, §8): the board is marked shared (PATCH {isShared: 1}, which answers the share
 * code), so /share/{code} gives whoever opens it their own copy. Only this explicit button publishes the board:
 * opening the share dialog reads its state and changes nothing, and the link reaches the clipboard only through
 * Copy link. Answers whether it worked, after saying why when it did not.
 */
export async function createCopyLink(queryClient: QueryClient, boardId: number): Promise<boolean> {
  try {
    const board = await setBoardShared(boardId, true);
    if (!board.shareCode) throw new Error('no share code');
    queryClient.setQueryData(boardKeys.share(boardId), board);
    void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
    toast(commandToast('shareGenerated'), 'success');
    return true;
  } catch (err) {
    console.error(err);
    toast(failureToast(commandToast('shareFailed'), err), 'destructive');
    return false;
  }
}

/** Copies the link: 'Copied!' or, when the browser refuses, 'Copy failed' (the dialog's field stays to copy by hand). */
export async function copyShareLink(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    toast(commandToast('shareCopied'), 'success');
    return true;
  } catch {
    toast(commandToast('shareCopyFailed'), 'destructive');
    return false;
  }
}

/**
 * Stop sharing the copy link: PATCH {isShared: 0} drops the code, so the old link answers 'Share Link Error' (copies
 * already made stay their owners'); a new copy link gets a new code. Answers whether it worked.
 */
export async function stopSharing(queryClient: QueryClient, boardId: number): Promise<boolean> {
  try {
    const board = await setBoardShared(boardId, false);
    queryClient.setQueryData(boardKeys.share(boardId), board);
    void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
    toast(commandToast('shareStopped'), 'success');
    return true;
  } catch (err) {
    console.error(err);
    toast(failureToast(commandToast('shareStopFailed'), err), 'destructive');
    return false;
  }
}
