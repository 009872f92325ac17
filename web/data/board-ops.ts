import type { QueryClient } from '@tanstack/react-query';
import { opsResult, type BoardOpInput, type OpsResult } from '#shared/schemas/board-ops';
import { apiJson } from './api-client';
import { receiveBoardChange, trackOwnWrite } from './board-changes';
import { randomHexId } from './screen-id';

/**
 * The web's door to POST /api/boards/:id/ops: the ops go as one batch, applied whole or not at all, and
 * the change the server answers goes into the board store (board-changes.ts) the way the live stream's do. A retry
 * of the same batch (`batchId`) is applied once.
 *
 * A batch that edits card details (`card.update`) marks its cards as listed without them, so the viewer fetches
 * what the server stored; every other batch keeps the details this screen has loaded.
 */
export async function sendBoardOps(queryClient: QueryClient, boardId: number, ops: BoardOpInput[], batchId: string = randomHexId()): Promise<OpsResult> {
  const keepDetails = !ops.some((op) => op.type === 'card.update');
  return trackOwnWrite(
    boardId,
    (async () => {
      const result = opsResult.parse(await apiJson('POST', `/api/boards/${boardId}/ops`, { batchId, ops }));
      await receiveBoardChange(queryClient, result.change, { own: { keepDetails } });
      return result;
    })(),
  );
}
