/**
 * The search panel, its pickers, the loot indicator and the submit flow (spec accounts §1, §2 "Search panel", §4,
 * §8): English, the spec's wording where it gives it. The answer's own sentence is the server's.
 */
export const search = {
  heading: 'What references do you want to loot?',
  placeholder: 'e.g. "Starter Pack in Match-3"',
  inputLabel: 'Search query',
  clear: 'Clear search',
  submit: 'Search',
  featuresHeading: 'FEATURES',
  selectFeatures: 'Select features',
  genresHeading: 'GENRES & GAMES',
  /** No context chosen; also the exclusive super-genre chip. */
  anyContext: 'Any',
  selected: '{{count}} selected',
  genresMode: 'Genres',
  gamesMode: 'Games',
  superGenres: 'Super-genres',
  gameSearchPlaceholder: 'Search games...',
  /** Spec accounts §3: the quick game filters. */
  quickGameFilters: 'Quick game filters',
  quickGameFilter: { any: 'Any', top: 'Top Games', new: 'New' },
  /** Spec accounts §1: the footer wherever catalogue data shows. */
  aiFooter: 'The data is collected automatically by AI and may not be accurate.',
  noGames: 'No games found',
  loadingGames: 'Loading games...',
  expand: 'Show {{name}} sub-features',
  collapse: 'Hide {{name}} sub-features',
  collectionsHeading: 'Collections',
  viewAll: 'View all',
  proBadge: 'Pro',
  newBadge: 'new',
  suggestionsHeading: 'Try one of these',
  closePicker: 'Done',
  /** Closes the notice of how a named genre, game or tier was met. */
  dismissNotice: 'Dismiss',
  /** Spec accounts §1 and §4: the loot indicator. */
  indicator: {
    loading: 'Looting references',
    success: "Here's your loot!",
  },
  /** Spec accounts §8 (search submit), shown in red. */
  errors: {
    usageUnverified: 'Unable to verify usage limit',
    /** A refusal from the API without a message of its own. */
    unexpected: 'An unexpected error occurred.',
    /** A failure of the flow itself (not an answer from the API). */
    processing: 'An error occurred while processing your request.',
    /** Spec accounts §8: the games list of the Games picker. */
    gamesFetchFailed: 'Failed to fetch games',
    gamesApiError: 'API returned error',
  },
  /** Spec accounts §8, word for word; the description says when searches come back. */
  limitReached: {
    title: 'Reached monthly limit; upgrade your plan',
    description: 'Your searches come back on {{date}}.',
  },
  /** An "Untitled" board took its first query's name; the toast offers Undo. */
  boardNamed: {
    title: 'Board named after your search',
    description: '“{{title}}”',
    undo: 'Undo',
  },
};
