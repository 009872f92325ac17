/**
 * The landing search's collection row (spec accounts §2, §9: "up to 3 collection tiles (2 free and 1 pro,
 * picked at random)"). Fewer of a type in the catalogue means fewer tiles, never a repeat.
 */
export const FREE_TILES = 2;
export const PRO_TILES = 1;

type Typed = { id: number; type: 'free' | 'pro' };

/** The grouped answer of GET /api/collections flattened into one list (spec §3: "flattened for use"). */
export function flattenCollections<T>(grouped: Record<string, readonly T[]> | null | undefined): T[] {
  return grouped ? Object.values(grouped).flat() : [];
}

/** Draws `count` distinct items at random (partial Fisher–Yates over a copy). */
function draw<T>(items: readonly T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}

/** 2 free then 1 pro tile, each drawn at random; a collection listed under two categories counts once. */
export function pickCollectionTiles<T extends Typed>(
  collections: readonly T[],
  random: () => number = Math.random,
): T[] {
  const unique = [...new Map(collections.map((c) => [c.id, c])).values()];
  const free = draw(
    unique.filter((c) => c.type !== 'pro'),
    FREE_TILES,
    random,
  );
  const pro = draw(
    unique.filter((c) => c.type === 'pro'),
    PRO_TILES,
    random,
  );
  return [...free, ...pro];
}
