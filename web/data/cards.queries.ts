import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { loadBoardCards } from './board-content';
import { cardKeys } from './query-keys';
import type { Card } from './wire';

/** A board's cards, in compact pages streamed into the cache (web/data/board-content.ts): fast at 100,000 cards. */
export const cardsQuery = (boardId: number) =>
  queryOptions({
    queryKey: cardKeys.list(boardId),
    queryFn: ({ signal, client }) => loadBoardCards(client, boardId, signal),
  });

/** Cards of a board; temporary (negative) boards have none yet and are not asked for. */
export function useCards(boardId: number | null) {
  return useQuery({ ...cardsQuery(boardId ?? 0), enabled: boardId !== null && boardId > 0 });
}

/** Applies a change to one card wherever it is cached (its board's list); answers the card before the change. */
export function patchCachedCard(queryClient: QueryClient, cardId: number, patch: (card: Card) => Card): Card | null {
  let before: Card | null = null;
  for (const [key, cards] of queryClient.getQueriesData<Card[]>({ queryKey: cardKeys.lists() })) {
    if (!cards?.some((c) => c.id === cardId)) continue;
    queryClient.setQueryData<Card[]>(key, (old) =>
      old?.map((c) => {
        if (c.id !== cardId) return c;
        before = c;
        return patch(c);
      }),
    );
  }
  return before;
}

/** Finds a card in any cached board list. */
export function findCachedCard(queryClient: QueryClient, cardId: number): Card | null {
  for (const [, cards] of queryClient.getQueriesData<Card[]>({ queryKey: cardKeys.lists() })) {
    const found = cards?.find((c) => c.id === cardId);
    if (found) return found;
  }
  return null;
}

export function removeCachedCard(queryClient: QueryClient, cardId: number): void {
  for (const [key, cards] of queryClient.getQueriesData<Card[]>({ queryKey: cardKeys.lists() })) {
    if (cards?.some((c) => c.id === cardId)) queryClient.setQueryData<Card[]>(key, cards.filter((c) => c.id !== cardId));
  }
}

export function insertCachedCard(queryClient: QueryClient, card: Card): void {
  const key = cardKeys.list(card.boardId);
  if (queryClient.getQueryData(key) === undefined) return;
  queryClient.setQueryData<Card[]>(key, (old) => [...(old ?? []).filter((c) => c.id !== card.id), card]);
}
