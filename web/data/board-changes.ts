import type { QueryClient } from '@tanstack/react-query';
import type { LocalBoard } from '../logic/board-ops/merge-change';
import { boardKeys, cardKeys, sectionKeys } from './query-keys';
import type { Board, Card, Section } from './wire';

/**
 * A board's cards and sections as the react-query cache holds them (cardKeys.list, sectionKeys.list), which the
 * engine is fed from. Changes reach them through the board's session (board-session.ts), in version order.
 */

/** The board as cached now (empty lists when not loaded). */
export function cachedBoard(queryClient: QueryClient, boardId: number): LocalBoard {
  return {
    cards: queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [],
    sections: queryClient.getQueryData<Section[]>(sectionKeys.list(boardId)) ?? [],
  };
}

/** Writes the board back to the cache (only the lists that changed, and only where the board is loaded). */
export function storeBoard(queryClient: QueryClient, boardId: number, before: LocalBoard, after: LocalBoard): void {
  if (after.cards !== before.cards && queryClient.getQueryData(cardKeys.list(boardId)) !== undefined) {
    queryClient.setQueryData<Card[]>(cardKeys.list(boardId), after.cards as Card[]);
  }
  if (after.sections !== before.sections && queryClient.getQueryData(sectionKeys.list(boardId)) !== undefined) {
    queryClient.setQueryData<Section[]>(sectionKeys.list(boardId), after.sections as Section[]);
  }
}

/** Sets a board's title (and, when told, its first-auto-layout flag) in every cached boards list. */
export function storeBoardTitle(queryClient: QueryClient, boardId: number, title: string, autoLayoutDone?: boolean): void {
  const flag = autoLayoutDone === undefined ? undefined : autoLayoutDone ? 1 : 0;
  for (const [key, boards] of queryClient.getQueriesData<Board[]>({ queryKey: boardKeys.lists() })) {
    if (boards?.some((b) => b.id === boardId && (b.title !== title || (flag !== undefined && b.autoLayoutDone !== flag)))) {
      queryClient.setQueryData<Board[]>(key, boards.map((b) => (b.id === boardId ? { ...b, title, autoLayoutDone: flag ?? b.autoLayoutDone } : b)));
    }
  }
}
