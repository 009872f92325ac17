import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getList } from './api-client';
import { bookmarkKeys } from './query-keys';
import { cardSchema, parseList, type Card } from './wire';

export const bookmarksQuery = () =>
  queryOptions({
    queryKey: bookmarkKeys.list(),
    queryFn: async ({ signal }) =>
      parseList(cardSchema, await getList('/api/bookmarks', 'Failed to fetch bookmarked cards', signal), 'bookmark'),
    // Spec §9: bookmark queries are always stale.
    staleTime: 0,
  });

/** Spec §7: fetched only while the bookmarks view is open. */
export function useBookmarks(enabled: boolean) {
  return useQuery({ ...bookmarksQuery(), enabled });
}

/** Keeps the cached bookmarks list in step with a card's new bookmark state (spec §4: "the bookmarks list is updated"). */
export function syncCachedBookmark(queryClient: QueryClient, card: Card): void {
  queryClient.setQueryData<Card[]>(bookmarkKeys.list(), (old) => {
    if (!old) return old;
    const without = old.filter((c) => c.id !== card.id);
    return card.isBookmarked ? [...without, card] : without;
  });
}
