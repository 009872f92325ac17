/**
 * Query keys of the search panel's reads (STYLE.md §5: factories, never inline arrays). The collections list
 * uses the resource's own root ('collections') so any other screen reading GET /api/collections with the same
 * key shares the cache.
 */
export const gamesKeys = {
  all: ['games'] as const,
  list: () => [...gamesKeys.all, 'list'] as const,
};

export const collectionsKeys = {
  all: ['collections'] as const,
  list: () => [...collectionsKeys.all, 'list'] as const,
};
