/**
 * The game quick-search of the Genres & Games picker (spec accounts §5: "Game suggestions filter
 * case-insensitively by substring on the trimmed text; no duplicate games").
 */

/** Most names the list shows at once; typing narrows it. */
export const GAME_LIST_LIMIT = 40;

export function filterGames(names: readonly string[], text: string, limit = GAME_LIST_LIMIT): string[] {
  const needle = text.trim().toLowerCase();
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    if (needle && !key.includes(needle)) continue;
    seen.add(key);
    out.push(name);
    if (out.length >= limit) break;
  }
  return out;
}

/** Spec accounts §3 "Quick game filters: Any, Top Games, New"; §4: the three are exclusive. */
export const QUICK_GAME_FILTERS = ['any', 'top', 'new'] as const;
export type QuickGameFilter = (typeof QUICK_GAME_FILTERS)[number];

/** The names a quick filter keeps, in list order: Any keeps all, Top Games the catalogue's top games, New its new ones. */
export function quickFilterGames(
  games: readonly { name: string; isTop: boolean; isNew: boolean }[],
  filter: QuickGameFilter,
): string[] {
  return games.filter((g) => filter === 'any' || (filter === 'top' ? g.isTop : g.isNew)).map((g) => g.name);
}
