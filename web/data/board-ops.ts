import type { QueryClient } from '@tanstack/react-query';
import { opsResult, type BoardOpInput, type OpsResult } from '#shared/schemas/board-ops';
import { apiJson } from './api-client';
import { boardSessions } from './query-client';
import type { Card } from './wire';
import { randomHexId } from './screen-id';

/**
 * The web's door to POST /api/boards/:id/ops: the ops go as one batch, applied whole or not at all, and
 * the change the server answers goes into the board's session (board-session.ts) the way the live stream's do. A retry
 * of the same batch (`batchId`) is applied once.
 *
 * A batch that edits card details (`card.update`) marks its cards as listed without them, so the viewer fetches
 * what the server stored; every other batch keeps the details this screen has loaded.
 */
export async function sendBoardOps(queryClient: QueryClient, boardId: number, ops: BoardOpInput[], batchId: string = randomHexId()): Promise<OpsResult> {
  const keepDetails = !ops.some((op) => op.type === 'card.update');
  const session = boardSessions(queryClient).session(boardId);
  return session.trackOwnWrite(
    (async () => {
      const result = opsResult.parse(await apiJson('POST', `/api/boards/${boardId}/ops`, { batchId, ops }));
      await session.receive(result.change, { own: { keepDetails } });
      return result;
    })(),
  );
}

/**
 * One user action's batch (a command's ops, its undo's, its redo's): its outcome is predicted on this screen at
 * once with the server's own layout functions, the batch goes in ONE request, and the answer (or a refusal)
 * replaces the prediction. `known`: cards the batch restores, as this screen last had them, so they show at once.
 */
export async function runBoardOps(
  queryClient: QueryClient,
  boardId: number,
  ops: BoardOpInput[],
  known: ReadonlyMap<number, Card> = new Map(),
): Promise<OpsResult> {
  const batchId = randomHexId();
  const session = boardSessions(queryClient).session(boardId);
  session.addPending({ batchId, ops, known });
  try {
    return await sendBoardOps(queryClient, boardId, ops, batchId);
  } finally {
    session.dropPending(batchId);
  }
}
