import { readWordSynonyms } from './synonym-file';
import { phraseKey } from './text';

/**
 * Same-meaning description words ("earnings" finds a screen that says "idle income"), from the catalogue
 * owner's synonym file (assets/search/synonyms.json, `words`). A query's free word searches the text for the
 * others of its group too, and a card that says one of them is there for that word (its chip names the word the
 * card says). Keys and values are folded singular forms, as the parser reads query words.
 */
export function buildWordSynonyms(groups: readonly (readonly string[])[]): ReadonlyMap<string, readonly string[]> {
  const map = new Map<string, string[]>();
  for (const group of groups) {
    const keys = [...new Set(group.map(phraseKey).filter(Boolean))];
    for (const key of keys) {
      const others = map.get(key) ?? [];
      for (const other of keys) if (other !== key && !others.includes(other)) others.push(other);
      map.set(key, others);
    }
  }
  return map;
}

const WORD_SYNONYMS = buildWordSynonyms(readWordSynonyms());

/** The other words of a word's synonym group (none for most words). */
export function wordSynonyms(word: string): readonly string[] {
  return WORD_SYNONYMS.get(phraseKey(word)) ?? [];
}
