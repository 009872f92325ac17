import { shareResult, type ShareResult } from '#shared/schemas/share';
import { ownedBoard, type OwnedBoard } from '#shared/schemas/board';
import { apiJson } from './api-client';

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
