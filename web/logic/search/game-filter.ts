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
