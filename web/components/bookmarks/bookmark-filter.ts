/** Spec §2: the bookmarks search filters by title or description, case-insensitive. */
export function filterBookmarks<T extends { title: string; description: string }>(
  cards: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...cards];
  return cards.filter(
    (c) => c.title.toLocaleLowerCase().includes(needle) || c.description.toLocaleLowerCase().includes(needle),
  );
}
