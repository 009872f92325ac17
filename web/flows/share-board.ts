import type { QueryClient } from '@tanstack/react-query';
import { boardKeys } from '../data/query-keys';
import { setBoardShared } from '../data/share.queries';
import { SHARE_TOASTS } from '#shared/messages/web';
import { toast } from '../stores/toast.store';
import { failureToast } from '../data/failure-text';

/**
 * Share Board (spec accounts §4, §8): the board is marked shared (PATCH {isShared: 1}, which answers the share
 * code) and the /share/{code} link is built; the share dialog then shows it and copies it. Answers the link, or
 * null after saying why.
 */
export async function shareBoard(queryClient: QueryClient, boardId: number | null): Promise<string | null> {
  if (boardId === null || boardId <= 0) {
    toast(SHARE_TOASTS.noBoard, 'destructive');
    return null;
  }
  try {
    const board = await setBoardShared(boardId, true);
    if (!board.shareCode) throw new Error('no share code');
    void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
    toast(SHARE_TOASTS.generated, 'success');
    return `${window.location.origin}/share/${board.shareCode}`;
  } catch (err) {
    console.error(err);
    toast(failureToast(SHARE_TOASTS.failed, err), 'destructive');
    return null;
  }
}

/** Copies the link: 'Copied!' or, when the browser refuses, 'Copy failed' (the dialog's field stays to copy by hand). */
export async function copyShareLink(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    toast(SHARE_TOASTS.copied, 'success');
    return true;
  } catch {
    toast(SHARE_TOASTS.copyFailed, 'destructive');
    return false;
  }
}

/**
 * Stop sharing: PATCH {isShared: 0} drops the code, so the old link answers 'Share Link Error'; sharing again
 * makes a new code. Answers whether it worked.
 */
export async function stopSharing(queryClient: QueryClient, boardId: number): Promise<boolean> {
  try {
    await setBoardShared(boardId, false);
    void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
    toast(SHARE_TOASTS.stopped, 'success');
    return true;
  } catch (err) {
    console.error(err);
    toast(failureToast(SHARE_TOASTS.stopFailed, err), 'destructive');
    return false;
  }
}
