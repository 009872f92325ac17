/**
 * Texts of POST /api/gemini/process (ours; the spec's search-panel wording lives with the web's messages). The
 * limit refusal uses the spec's own words from AUTH_MESSAGES.limitReached.
 */
export const QUERY_ENGINE_MESSAGES = {
  added: (cards: number, sections: number) =>
    `Added ${cards} reference${cards === 1 ? '' : 's'} in ${sections} section${sections === 1 ? '' : 's'}`,
  noResults: 'No references matched this query. Try other words, a feature type, a genre or a game name.',
} as const;
