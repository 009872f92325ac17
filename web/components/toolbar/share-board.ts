import { apiJson } from '../../data/api-client';
import { ownedBoard } from '../../../shared/schemas/board';
import { SHARE_TOASTS } from '../../../shared/messages/web';
import { toast } from '../../stores/toast.store';

/**
 * Share Board (spec accounts §4, §8): the board is marked shared (PATCH {isShared: 1}, which answers the share
 * code), the /share/{code} link is built and copied to the clipboard.
 */
export async function shareBoard(boardId: number | null): Promise<string | null> {
  if (boardId === null || boardId <= 0) {
    toast(SHARE_TOASTS.noBoard, 'destructive');
    return null;
  }
  let link: string;
  try {
    const board = ownedBoard.parse(await apiJson('PATCH', `/api/boards/${boardId}`, { isShared: 1 }));
    if (!board.shareCode) throw new Error('no share code');
    link = `${window.location.origin}/share/${board.shareCode}`;
    toast(SHARE_TOASTS.generated, 'success');
  } catch (err) {
    console.error(err);
    toast(SHARE_TOASTS.failed, 'destructive');
    return null;
  }
  try {
    await navigator.clipboard.writeText(link);
    toast(SHARE_TOASTS.copied, 'success');
  } catch {
    toast(SHARE_TOASTS.copyFailed, 'destructive');
  }
  return link;
}
