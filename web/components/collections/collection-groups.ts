/**
 * The collections view's grouping (spec accounts §2 "Collections full-screen view"): groups by category key in
 * the order the API gives, titles with the first letter capitalised and underscores turned into spaces, and the
 * 'New' block of collections whose `new` is 1.
 */

type Grouped = { id: number; category: string; new: 0 | 1 };

export type CollectionGroup<T> = { key: string; title: string; items: T[] };

/** "live_ops" → "Live ops" (spec §2: "the category key with the first letter capitalised and underscores turned into spaces"). */
export function categoryTitle(key: string): string {
  const spaced = key.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function groupByCategory<T extends Grouped>(items: readonly T[]): CollectionGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.category) ?? [];
    if (!list.some((c) => c.id === item.id)) list.push(item);
    groups.set(item.category, list);
  }
  return [...groups].map(([key, list]) => ({ key, title: categoryTitle(key), items: list }));
}

/** The 'New' block: each new collection once, in list order. */
export function newCollections<T extends Grouped>(items: readonly T[]): T[] {
  return [...new Map(items.filter((c) => c.new === 1).map((c) => [c.id, c])).values()];
}

/**
 * Spec §2: "The back button returns to the first board if the current board is not in the list." Answers the
 * board to select, or null to keep the current one.
 */
export function boardAfterBack(currentBoardId: number | null, boards: readonly { id: number }[]): number | null {
  if (boards.length === 0) return null;
  return boards.some((b) => b.id === currentBoardId) ? null : boards[0].id;
}
