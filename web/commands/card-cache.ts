import type { QueryClient } from '@tanstack/react-query';
import { bookmarkKeys } from '../data/query-keys';
import { findCachedCard, patchCachedCard } from '../data/cards.queries';
import { syncCachedBookmark } from '../data/bookmarks.queries';
import type { Card } from '../data/wire';

/** The card as the client knows it: its board's cached list first, then the bookmarks list. */
export function knownCard(queryClient: QueryClient, cardId: number): Card | null {
  return (
    findCachedCard(queryClient, cardId) ??
    queryClient.getQueryData<Card[]>(bookmarkKeys.list())?.find((c) => c.id === cardId) ??
    null
  );
}

/** Applies a change to a card in every cache that holds it (board list and bookmarks), answering the card before. */
export function updateKnownCard(queryClient: QueryClient, cardId: number, patch: (card: Card) => Card): Card | null {
  const before = knownCard(queryClient, cardId);
  if (!before) return null;
  patchCachedCard(queryClient, cardId, patch);
  queryClient.setQueryData<Card[]>(bookmarkKeys.list(), (old) => old?.map((c) => (c.id === cardId ? patch(c) : c)));
  const after = knownCard(queryClient, cardId);
  if (after && after.isBookmarked !== before.isBookmarked) syncCachedBookmark(queryClient, after);
  return before;
}

/** Puts a card back exactly as it was (used to revert a failed optimistic change). */
export function restoreKnownCard(queryClient: QueryClient, card: Card): void {
  updateKnownCard(queryClient, card.id, () => card);
  syncCachedBookmark(queryClient, card);
}
