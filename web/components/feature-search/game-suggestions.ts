/**
 * The game search box's dropdown (spec accounts §5): "Game suggestions filter case-insensitively by substring on
 * the trimmed text; no duplicate games." Games already selected are not offered again.
 */
export const MAX_GAME_SUGGESTIONS = 12;

export function suggestGames(
  allGames: readonly string[],
  text: string,
  selected: readonly string[],
  limit = MAX_GAME_SUGGESTIONS,
): string[] {
  const needle = text.trim().toLowerCase();
  const taken = new Set(selected);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const game of allGames) {
    if (seen.has(game) || taken.has(game)) continue;
    if (needle && !game.toLowerCase().includes(needle)) continue;
    seen.add(game);
    out.push(game);
    if (out.length >= limit) break;
  }
  return out;
}
