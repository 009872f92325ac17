/** Find on board ("Beyond the original"): cards whose text contains the query, in reading order. */
export type FindableCard = {
  id: number;
  title: string;
  description: string;
  game: string;
  tags: readonly string[];
  position: { x: number; y: number };
};

export function findMatches(cards: readonly FindableCard[], query: string): number[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  return cards
    .filter((c) =>
      [c.title, c.description, c.game, ...c.tags].some((field) => field.toLocaleLowerCase().includes(needle)),
    )
    .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)
    .map((c) => c.id);
}

/** The next match index after `current`, wrapping; -1 when there are none. */
export function nextMatchIndex(count: number, current: number, direction: 1 | -1 = 1): number {
  if (count === 0) return -1;
  if (current < 0) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}
