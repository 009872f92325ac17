import type { Db } from '../db/client';
import { searchRepo } from '../db/repositories/search.repo';
import type { SearchPlan } from './plan';
import { reasonWords } from './reasons';
import { foldText, IRREGULAR_PLURALS } from './text';
import { wordSynonyms } from './word-synonyms';

/**
 * A word is distinctive when at most this share of the catalogue mentions it: such a word alone can put a card on
 * the board, and a screen of the asked-for category named for it is near the asked tag (rank.ts); a common one
 * ("earn", "level") counts only together with the query's other words.
 */
const DISTINCTIVE_SHARE = 0.03;
/**
 * A screen named for one of the query's words ("Free Energy Ad" for "energy refill") makes the board by that word
 * alone when at most this share of the catalogue says it ("energy": yes; "rewards" in "blockchain rewards": no).
 * The largest share asked, so each count stops there.
 */
const NAMED_SHARE = 0.1;
/** Below this many mentions a word is rare in any catalogue, however small. */
const FEW_MENTIONS = 5;

/**
 * Whether a word is said by at most a share (up to NAMED_SHARE) of the catalogue: the words counted together, each
 * count stopping once the word is more common than NAMED_SHARE (on SQLite a common word's count would read
 * thousands of rows for an answer that is already no; PostgreSQL keeps its words' counts per catalogue). A word
 * with an irregular plural is counted by its plural, which the index cannot tell from a near word ("lives" and
 * "live" alike): never rarer than it is.
 */
async function catalogueShares(db: Db, words: readonly string[]): Promise<(word: string, share: number) => boolean> {
  if (words.length === 0) return () => false;
  const count = await searchRepo.featureCount(db);
  const mentionsAllowed = (share: number) => Math.max(FEW_MENTIONS, Math.floor(count * share));
  const distinct = [...new Set(words)];
  const counts = await searchRepo.documentFrequencies(
    db,
    distinct.map((word) => foldText(IRREGULAR_PLURALS.get(word) ?? word)),
    mentionsAllowed(NAMED_SHARE) + 1,
  );
  const saying = new Map(distinct.map((word, i) => [word, counts[i]]));
  return (word, share) => {
    const n = saying.get(word);
    return n !== undefined && n <= mentionsAllowed(share);
  };
}

/** A query's rare words, counted once per search for the ranking and for the board's filter (engine.ts). */
export type QueryWordShares = {
  /** Said by at most DISTINCTIVE_SHARE of the catalogue: the query's reason words, their synonyms and, for a plan with tags, its taxonomy words ("vip"). */
  distinctive: ReadonlySet<string>;
  /** Reason words and synonyms said by at most NAMED_SHARE of the catalogue. */
  naming: ReadonlySet<string>;
};

export async function queryWordShares(db: Db, plan: SearchPlan): Promise<QueryWordShares> {
  const reasonWordsAndSynonyms = reasonWords(plan).flatMap((w) => [w, ...wordSynonyms(w)]);
  // Only a plan with tags has screens of the asked-for category that a taxonomy word's name lifts (rank.ts).
  const words = [...new Set([...reasonWordsAndSynonyms, ...(plan.tags.length ? plan.keywords : [])])];
  const saidByAtMost = await catalogueShares(db, words);
  return {
    distinctive: new Set(words.filter((w) => saidByAtMost(w, DISTINCTIVE_SHARE))),
    naming: new Set(reasonWordsAndSynonyms.filter((w) => saidByAtMost(w, NAMED_SHARE))),
  };
}
