import { useQuery } from '@tanstack/react-query';
import { shareResult, type ShareResult } from '#shared/schemas/share';
import { ownedBoard, type OwnedBoard } from '#shared/schemas/board';
import { apiJson } from './api-client';
import { boardKeys } from './query-keys';

/**
 * GET /api/share/{code} (spec accounts §7): the recipient's own copy of the shared board (the owner gets the
 * original back, copied false). 401 means login needed; 404 carries the server's message.
 */
export async function openSharedBoard(code: string): Promise<ShareResult> {
  return shareResult.parse(await apiJson('GET', `/api/share/${encodeURIComponent(code)}`));
}

/** PATCH /api/boards/{id} {isShared}: 1 answers the board with its share code, 0 drops the code (the link dies). */
export async function setBoardShared(boardId: number, shared: boolean): Promise<OwnedBoard> {
  return ownedBoard.parse(await apiJson('PATCH', `/api/boards/${boardId}`, { isShared: shared ? 1 : 0 }));
}

/**
 * The owner's share-copy state (GET /api/boards/{id}/share), read without writing: the share dialog shows a link
 * made earlier this way, so opening it never shares the board.
 */
export function useBoardShare(boardId: number, enabled: boolean) {
  return useQuery({
    queryKey: boardKeys.share(boardId),
    queryFn: async ({ signal }) =>
      ownedBoard.parse(await apiJson('GET', `/api/boards/${boardId}/share`, undefined, { signal })),
    enabled,
    staleTime: 0,
  });
}

/** The /share/{code} link that gives whoever opens it their own copy; null while the board is not shared. */
export function copyLinkOf(board: Pick<OwnedBoard, 'isShared' | 'shareCode'> | undefined): string | null {
  return board?.isShared && board.shareCode ? `${window.location.origin}/share/${board.shareCode}` : null;
}
