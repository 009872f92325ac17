/**
 * Texts of POST /api/gemini/process (ours; the spec's search-panel wording lives with the web's messages). The
 * limit refusal uses the spec's own words (the `errors` namespace's auth.limitReached).
 */
export const QUERY_ENGINE_MESSAGES = {
  added: (cards: number, sections: number) =>
    `Added ${cards} reference${cards === 1 ? '' : 's'} in ${sections} section${sections === 1 ? '' : 's'}`,
  /** What matched, after `added`: "Matched: Loot Boxes (4), “pity” (2). 3 in other genres." */
  matched: (items: { label: string; count: number }[]) =>
    `Matched: ${items.map((i) => `${i.label} (${i.count})`).join(', ')}.`,
  relaxed: (count: number, phrase: string) => `${count} ${phrase}, as too few matched exactly.`,
  /** Query words no feature says, read as the catalogue's closest ones: "Read “loadot” as “loadout”." */
  respelled: (words: { from: string; to: string }[]) =>
    `Read ${words.map((w) => `“${w.from}” as “${w.to}”`).join(', ')}.`,
  missing: (words: string[]) => `Nothing in the catalogue mentions ${words.map((w) => `“${w}”`).join(', ')}.`,
  addedToSection: (cards: number, section: string) =>
    `Added ${cards} more reference${cards === 1 ? '' : 's'} to “${section}”.`,
  noMoreLikeSection: 'No more references like this section in the catalogue.',
  /** How a "more like this section" run is recorded in the query history. */
  moreLikeQuery: (section: string) => `More like this section: ${section}`,
  noResults: 'No references matched this query. Try other words, a feature type, a genre or a game name.',
  /**
   * A query that names a genre, sub-genre, game or tier: the first section's title ("3 Piggy Bank matches
   * in Casino games" when fewer than a board's worth, else "Piggy Bank in Casino games"), the title added to the
   * first section from elsewhere when the scope has none, and the search panel's notice.
   */
  scopeCount: (found: number, topic: string, scope: string) =>
    `${found} ${topic} match${found === 1 ? '' : 'es'} in ${scope}`,
  scopeAll: (topic: string, scope: string) => `${topic} in ${scope}`,
  scopeNoneSuffix: (scope: string) => ` (none in ${scope})`,
  /** A scope with nothing on the topic itself that leads with its nearest screens (its siblings, its mentions). */
  scopeNearest: (topic: string, scope: string) => `Nearest to ${topic} in ${scope}`,
  scopeNearestMet: (found: number, topic: string, scope: string, others: number) =>
    `Nothing in ${scope} is ${topic} itself; its ${found} nearest screen${found === 1 ? '' : 's'} come first on the board` +
    (others > 0 ? `; ${others} more after them, in sections that say what they are.` : '.'),
  scopeMet: (found: number, topic: string, scope: string, others: number) =>
    `${found} ${topic} match${found === 1 ? '' : 'es'} in ${scope}, first on the board` +
    (others > 0 ? `; ${others} more after them, in sections that say what they are.` : '.'),
  scopeUnmet: (topic: string, scope: string, shownElsewhere: boolean) =>
    `Nothing in ${scope} matches ${topic}.` +
    (shownElsewhere ? ` The board shows ${topic} from elsewhere instead.` : ''),
} as const;
