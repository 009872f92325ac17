import { allowedTypos, editDistance } from './fuzzy';
import type { Respelling, SearchPlan } from './plan';
import { tokens } from './text';

/**
 * Spelling of a query's free words against the catalogue's own words ("shooter loadot" is a loadout).
 * The parser already reads typos of taxonomy phrases and game names; a word that is neither, and that no feature
 * says, is read as the catalogue word closest to it, when one is close enough.
 */

/** The catalogue's words (folded singular tokens, as the parser reads a query) and how many features say each. */
export type CatalogueWords = {
  /** How many features say each word (in any of its spellings). */
  counts: ReadonlyMap<string, number>;
  /** The words by length: a typo is only compared with words at most its allowance longer or shorter. */
  byLength: ReadonlyMap<number, readonly string[]>;
};

/**
 * Shorter words are not kept: a word may carry a typo from five letters on (fuzzy.ts allowedTypos), one edit, so
 * the shortest word it can stand for has four.
 */
export const MIN_WORD = 4;

/** What separates words before folding: anything but letters, their marks, digits and apostrophes (foldText drops those). */
const WORD_BREAK = /[^\p{L}\p{M}\p{N}'’`]+/u;

/**
 * Counts the words of feature texts, one text at a time (a large catalogue is counted in slices between which the
 * server serves other requests): for each word, how many texts say it in some form (a feature that says both "pack"
 * and "packs" counts twice: the count only breaks ties between corrections). The words are those of
 * `tokens(text)`, but each distinct spelling is folded once at the end, and a text's words are counted through
 * numbered slots rather than a set per text: a large catalogue is tens of megabytes of a few thousand words, and
 * folding or hashing every text's words whole took seconds.
 */
export class WordCounter {
  private readonly slots = new Map<string, number>();
  private lastText: Int32Array = new Int32Array(1024).fill(-1);
  private textCounts: Int32Array = new Int32Array(1024);
  private texts = 0;

  add(text: string): void {
    for (const raw of text.toLowerCase().split(WORD_BREAK)) {
      let slot = this.slots.get(raw);
      if (slot === undefined) {
        slot = this.slots.size;
        this.slots.set(raw, slot);
        if (slot === this.lastText.length) {
          this.lastText = grown(this.lastText, -1);
          this.textCounts = grown(this.textCounts, 0);
        }
      }
      if (this.lastText[slot] !== this.texts) {
        this.lastText[slot] = this.texts;
        this.textCounts[slot]++;
      }
    }
    this.texts++;
  }

  words(): CatalogueWords {
    const counts = new Map<string, number>();
    for (const [raw, slot] of this.slots) {
      for (const word of tokens(raw)) {
        if (word.length >= MIN_WORD && !/^\d+$/.test(word))
          counts.set(word, (counts.get(word) ?? 0) + this.textCounts[slot]);
      }
    }
    return indexed(counts);
  }
}

function grown(array: Int32Array, fill: number): Int32Array {
  const next = new Int32Array(array.length * 2).fill(fill);
  next.set(array);
  return next;
}

/** The words of a few texts at once (tests, small catalogues). */
export function catalogueWords(texts: Iterable<string>): CatalogueWords {
  const counter = new WordCounter();
  for (const text of texts) counter.add(text);
  return counter.words();
}

/** The words as stored for every process (catalogue_words): `[word, count]` pairs in JSON. */
export function wordsToText(words: CatalogueWords): string {
  return JSON.stringify([...words.counts]);
}

/** The words stored by wordsToText, indexed again. */
export function wordsFromText(text: string): CatalogueWords {
  return indexed(new Map(JSON.parse(text) as [string, number][]));
}

function indexed(counts: ReadonlyMap<string, number>): CatalogueWords {
  const byLength = new Map<number, string[]>();
  for (const word of counts.keys()) {
    const list = byLength.get(word.length);
    if (list) list.push(word);
    else byLength.set(word.length, [word]);
  }
  return { counts, byLength };
}

/**
 * The catalogue word a misspelt one stands for: within the word's typo allowance (fuzzy.ts allowedTypos), the
 * fewest edits, then the word more features say, then the alphabet's first; null when none is close enough. The
 * first letter must be the same: it is the one a designer rarely gets wrong, and without it a word the catalogue
 * lacks ("handle") would read as any lookalike ("candle").
 */
export function closestWord(word: string, words: CatalogueWords): string | null {
  const allowed = allowedTypos(word.length);
  if (allowed === 0 || words.counts.has(word)) return null;
  let best: { word: string; distance: number; count: number } | null = null;
  for (let length = word.length - allowed; length <= word.length + allowed; length++) {
    for (const candidate of words.byLength.get(length) ?? []) {
      if (candidate[0] !== word[0]) continue;
      const distance = editDistance(word, candidate, allowed);
      if (distance > allowed) continue;
      const count = words.counts.get(candidate)!;
      if (
        !best ||
        distance < best.distance ||
        (distance === best.distance && (count > best.count || (count === best.count && candidate < best.word)))
      ) {
        best = { word: candidate, distance, count };
      }
    }
  }
  return best?.word ?? null;
}

/**
 * The plan with each of `respellings`' words replaced in its keywords and phrases (a phrase "refill timr" becomes
 * "refill timer"); the rest of the plan is as it was.
 */
export function respellPlan(plan: SearchPlan, respellings: readonly Respelling[]): SearchPlan {
  if (!respellings.length) return plan;
  const to = new Map(respellings.map((r) => [r.from, r.to]));
  const respell = (text: string) =>
    text
      .split(' ')
      .map((w) => to.get(w) ?? w)
      .join(' ');
  return {
    ...plan,
    keywords: [...new Set(plan.keywords.map(respell))],
    phrases: [...new Set(plan.phrases.map(respell))],
  };
}
