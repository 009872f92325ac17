import type { Db } from '../db/client';
import { searchRepo } from '../db/repositories/search.repo';
import { foldText } from './text';

/**
 * A word is distinctive when at most this share of the catalogue mentions it: such a word alone can put a card on
 * the board, and a screen of the asked-for category named for it is near the asked tag (rank.ts); a common one
 * ("earn", "level") counts only together with the query's other words.
 */
export const DISTINCTIVE_SHARE = 0.03;
/**
 * A screen named for one of the query's words ("Free Energy Ad" for "energy refill") makes the board by that word
 * alone when at most this share of the catalogue says it ("energy": yes; "rewards" in "blockchain rewards": no).
 */
export const NAMED_SHARE = 0.1;
/** Below this many mentions a word is rare in any catalogue, however small. */
const FEW_MENTIONS = 5;

/**
 * How many of the catalogue's features say each of `words` (one full-text count each), as a test: whether a word
 * is said by at most `share` of the catalogue.
 */
export async function catalogueShares(db: Db, words: readonly string[]): Promise<(word: string, share: number) => boolean> {
  const saying = new Map<string, number>();
  if (words.length === 0) return () => false;
  const count = await searchRepo.featureCount(db);
  for (const word of new Set(words)) saying.set(word, await searchRepo.documentFrequency(db, foldText(word)));
  return (word, share) => {
    const n = saying.get(word);
    return n !== undefined && n <= Math.max(FEW_MENTIONS, count * share);
  };
}
