/**
 * Texts of POST /api/gemini/process (ours; the spec's search-panel wording lives with the web's messages). The
 * limit refusal uses the spec's own words from AUTH_MESSAGES.limitReached.
 */
export const QUERY_ENGINE_MESSAGES = {
  added: (cards: number, sections: number) =>
    `Added ${cards} reference${cards === 1 ? '' : 's'} in ${sections} section${sections === 1 ? '' : 's'}`,
  /** What matched (issue 19), after `added`: "Matched: Loot Boxes (4), “pity” (2). 3 in other genres." */
  matched: (items: { label: string; count: number }[]) => `Matched: ${items.map((i) => `${i.label} (${i.count})`).join(', ')}.`,
  relaxed: (count: number, phrase: string) => `${count} ${phrase}, as too few matched exactly.`,
  missing: (words: string[]) => `Nothing in the catalogue mentions ${words.map((w) => `“${w}”`).join(', ')}.`,
  addedToSection: (cards: number, section: string) => `Added ${cards} more reference${cards === 1 ? '' : 's'} to “${section}”.`,
  noMoreLikeSection: 'No more references like this section in the catalogue.',
  /** How a "more like this section" run is recorded in the query history. */
  moreLikeQuery: (section: string) => `More like this section: ${section}`,
  noResults: 'No references matched this query. Try other words, a feature type, a genre or a game name.',
} as const;
