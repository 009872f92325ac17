import type { QueryClient } from '@tanstack/react-query';
import { cardKeys, sectionKeys } from './query-keys';

/** Spec §4: a board refresh is run again 500 ms after a refresh request (late writes of a query land too). */
export const BOARD_REFRESH_REPEAT_MS = 500;

export async function refreshBoard(queryClient: QueryClient, boardId: number): Promise<void> {
  const run = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cardKeys.list(boardId) }),
      queryClient.invalidateQueries({ queryKey: sectionKeys.list(boardId) }),
    ]);
  await run();
  window.setTimeout(() => void run(), BOARD_REFRESH_REPEAT_MS);
}
