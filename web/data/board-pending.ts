import type { QueryClient } from '@tanstack/react-query';
import type { BoardOpInput } from '#shared/schemas/board-ops';
import type { LocalBoard } from '../logic/board-ops/merge-change';
import { predictOps } from '../logic/board-ops/predict-ops';
import type { Card } from './wire';

/**
 * This screen's batches sent and not yet answered, per board, and the board as the server last confirmed it. The
 * cache (what the engine draws) is the confirmed board with the pending batches predicted on top. A change from
 * the server (the answer to one of ours, or a teammate's heard on the stream) is applied to the confirmed board,
 * and the batches still pending are predicted again on top of it (rebase): the screen shows the teammate's change
 * under ours at once, and never jumps back to a state without our own.
 */

export type PendingBatch = { batchId: string; ops: readonly BoardOpInput[]; known: ReadonlyMap<number, Card> };

type BoardPending = { confirmed: LocalBoard; batches: PendingBatch[] };
const pendingByBoard = new Map<number, BoardPending>();

type Store = {
  read(queryClient: QueryClient, boardId: number): LocalBoard;
  write(queryClient: QueryClient, boardId: number, before: LocalBoard, after: LocalBoard): void;
};

function redraw(queryClient: QueryClient, boardId: number, store: Store): void {
  const entry = pendingByBoard.get(boardId);
  if (!entry) return;
  let board = entry.confirmed;
  for (const batch of entry.batches) board = predictOps(board, batch.ops, batch.known);
  store.write(queryClient, boardId, store.read(queryClient, boardId), board);
  if (entry.batches.length === 0) pendingByBoard.delete(boardId);
}

/** A batch about to be sent: the screen shows its predicted outcome at once. */
export function addPending(queryClient: QueryClient, boardId: number, batch: PendingBatch, store: Store): void {
  const entry = pendingByBoard.get(boardId) ?? { confirmed: store.read(queryClient, boardId), batches: [] };
  pendingByBoard.set(boardId, entry);
  entry.batches.push(batch);
  redraw(queryClient, boardId, store, );
}

/** The batch is answered or refused: it is no longer predicted (its answer, if any, is in the confirmed board). */
export function dropPending(queryClient: QueryClient, boardId: number, batchId: string, store: Store): void {
  const entry = pendingByBoard.get(boardId);
  if (!entry) return;
  const at = entry.batches.findIndex((b) => b.batchId === batchId);
  if (at < 0) return;
  entry.batches.splice(at, 1);
  redraw(queryClient, boardId, store);
}

/** The board as the server last confirmed it, while batches of ours are pending (undefined: none pending). */
export function confirmedBoard(boardId: number): LocalBoard | undefined {
  return pendingByBoard.get(boardId)?.confirmed;
}

/**
 * A server change merged into the confirmed board: ours (`batchId`) stops being predicted, the others are
 * predicted again on top.
 */
export function rebasePending(
  queryClient: QueryClient,
  boardId: number,
  confirmed: LocalBoard,
  batchId: string | null,
  store: Store,
): void {
  const entry = pendingByBoard.get(boardId);
  if (!entry) return;
  entry.confirmed = confirmed;
  if (batchId !== null) entry.batches = entry.batches.filter((b) => b.batchId !== batchId);
  redraw(queryClient, boardId, store);
}

/**
 * Our own change too large to be told row by row (an Organize of a very large board): its prediction, made with the
 * server's own function, becomes the confirmed board instead of loading the board again.
 */
export function confirmOwnPrediction(queryClient: QueryClient, boardId: number, batchId: string | null, store: Store): void {
  const entry = pendingByBoard.get(boardId);
  const batch = entry?.batches.find((b) => b.batchId === batchId);
  if (!entry || !batch) return;
  rebasePending(queryClient, boardId, predictOps(entry.confirmed, batch.ops, batch.known), batchId, store);
}

/** The board is loaded again from the server: what was predicted on the old copy is dropped. */
export function forgetPending(boardId: number): void {
  pendingByBoard.delete(boardId);
}
