import { PRODUCT_NAME } from '../constants';
import { AUTH_MESSAGES } from './auth';
import type { ToastText } from './web';

/**
 * Texts of the search panel, the loot indicator and the submit flow (spec accounts §1, §2 "Search panel", §8;
 * board-workspace §8). Spec wording where the spec gives it; '{product}' is the product name, lower-cased in
 * running text ("What references do you want to loot?").
 */
const product = PRODUCT_NAME.toLowerCase();

export const SEARCH_PANEL_TEXT = {
  heading: `What references do you want to ${product}?`,
  placeholder: 'e.g. "Starter Pack in Match-3"',
  inputLabel: 'Search query',
  clear: 'Clear search',
  submit: 'Search',
  featuresHeading: 'FEATURES',
  selectFeatures: 'Select features',
  genresHeading: 'GENRES & GAMES',
  anyContext: 'Any',
  selected: (n: number) => `${n} selected`,
  genresMode: 'Genres',
  gamesMode: 'Games',
  gameSearchPlaceholder: 'Search games...',
  /** Spec accounts §3: the quick game filters. */
  quickGameFilters: 'Quick game filters',
  quickGameFilter: { any: 'Any', top: 'Top Games', new: 'New' },
  /** Spec accounts §1: the footer under the search panel. */
  aiFooter: 'The data is collected automatically by AI and may not be accurate.',
  noGames: 'No games found',
  loadingGames: 'Loading games...',
  expand: (name: string) => `Show ${name} sub-features`,
  collapse: (name: string) => `Hide ${name} sub-features`,
  collectionsHeading: 'Collections',
  viewAll: 'View all',
  proBadge: 'Pro',
  newBadge: 'new',
  suggestionsHeading: 'Try one of these',
  closePicker: 'Done',
  /** Closes the notice of how a named genre, game or tier was met. */
  dismissNotice: 'Dismiss',
} as const;

/** Spec accounts §1 and §4: the indicator's two texts. */
export const LOOT_INDICATOR_TEXT = {
  loading: 'Looting references',
  success: `Here's your ${product}!`,
} as const;

/**
 * The one limit message (spec accounts §8, word for word), from every path that can meet the limit (search,
 * find similar, a server refusal); the description says when searches come back (`resetDate` as people read it).
 */
export function limitReachedToast(resetDate: string | null): ToastText {
  return resetDate
    ? { title: AUTH_MESSAGES.limitReached, description: `Your searches come back on ${resetDate}.` }
    : { title: AUTH_MESSAGES.limitReached };
}

/** Spec accounts §8 (search submit) — shown in red. */
export const SEARCH_ERRORS = {
  usageUnverified: { title: 'Unable to verify usage limit' },
  /** Query API failure without a server message. */
  unexpected: 'An unexpected error occurred.',
  /** A failure of the flow itself (not an answer from the API). */
  processing: 'An error occurred while processing your request.',
} as const satisfies Record<string, ToastText | string>;
