import type { ToastText } from './web';

/**
 * Texts of the discovery and account screens: the collections view, /collections, /feature-search, the share
 * page, the feedback dialog and the 'new!' badges (spec accounts §2, §4, §5, §8). Spec wording where the spec
 * gives it (the feature-search empty states, placeholders and locked card live in catalogue.ts); the rest is ours.
 */

export const NEW_BADGE_TEXT = 'new!';

/** Spec §2 /collections and /feature-search while the sign-in is checked. */
export const AUTH_GATE_TEXT = {
  checking: 'Auth checking...',
  redirecting: 'Redirecting...',
} as const;

export const COLLECTIONS_VIEW_TEXT = {
  heading: 'Collections',
  back: 'Back',
  newBlock: 'New',
  expand: (title: string) => `Show ${title}`,
  collapse: (title: string) => `Hide ${title}`,
  pro: 'Pro collection',
  newBadge: 'new',
  premiumTitle: 'Premium Collection',
} as const;

export const FEATURE_SEARCH_TEXT = {
  backToBoards: 'Back to Boards',
  filters: 'Filters',
  clearAll: 'Clear all',
  noFilters: 'No filters selected',
  removeFilter: (label: string) => `Remove ${label}`,
  features: 'Features',
  categoryWithCount: (category: string, n: number) => `${category} (${n} selected)`,
  context: 'Context',
  genresMode: 'Genres',
  gameMode: 'Game',
  tiers: 'Tiers',
  genres: 'Genres',
  suggestions: 'Suggestions',
  noGameMatches: 'No games found',
  removeGame: (game: string) => `Remove ${game}`,
  expand: (name: string) => `Show ${name}`,
  collapse: (name: string) => `Hide ${name}`,
  results: 'Results',
  loadingMore: 'Loading more features...',
  previousImage: 'Previous screenshot',
  nextImage: 'Next screenshot',
  screenshot: (n: number) => `Screenshot ${n}`,
  openGame: 'Open the game page',
  addToBoard: 'Add to board',
  addToBoardTitle: 'Add to board',
  addToBoardSubtitle: (feature: string) => `Add "${feature}" as a card to one of your boards.`,
  chooseBoard: 'Board',
  add: 'Add',
  adding: 'Adding...',
  cancel: 'Cancel',
  close: 'Close',
  shortDescription: 'Short Description',
  detailedDescription: 'Detailed Description',
  searchFailed: 'Failed to search features',
  /** A free plan's cut result: how many it shows of how many match. */
  shownOfTotal: (shown: number, total: number) => `${shown} of ${total}`,
  upgradeToSeeAll: 'upgrade to see all',
} as const;

/** Spec §8 "Other toasts" (card creation from a feature). */
export const FEATURE_SEARCH_TOASTS = {
  cardCreated: (board: string): ToastText => ({ title: 'Card Created', description: `Added to "${board}"` }),
  cardCreateFailed: { title: 'Failed to create card' },
} as const;

/** Spec §2 /share/{code}, §5, §8. */
export const SHARE_PAGE_TEXT = {
  processing: 'Processing Shared Board',
  errorTitle: 'Share Link Error',
  errorHint: 'This could happen if the link is invalid, expired, or the board is no longer shared.',
  failed: 'Failed to access shared board',
  invalidLink: 'Invalid share link',
  goHome: 'Go to Home',
} as const;

/**
 * The API's share-link answers, written for people: a link whose code is unknown, revoked or malformed reads the
 * same (spec accounts §2: "invalid, expired, or the board is no longer shared").
 */
export const SHARE_API_MESSAGES = {
  notShared: 'This share link is invalid or the board is no longer shared',
} as const;

/**
 * The title of a recipient's copy: the source board's, with whose it was, so it reads apart from
 * the recipient's own boards. Without a first name (never the email: it is not the recipient's to see) 'shared'.
 */
export const SHARE_COPY_TITLE = {
  fromOwner: (title: string, owner: string) => `${title} (from ${owner})`,
  shared: (title: string) => `${title} (shared)`,
} as const;

export const SHARE_PAGE_TOASTS = {
  copied: { title: 'Board copied successfully', description: 'The shared board has been added to your account' },
} satisfies Record<string, ToastText>;

/** Spec §4, §5, §9 feedback dialog. */
export const FEEDBACK_TEXT = {
  title: 'Send Feedback',
  subtitle: 'Tell us what works, what does not, and what you would like to see.',
  titleLabel: 'Title (optional)',
  messageLabel: 'Message',
  messagePlaceholder: 'Your feedback...',
  counter: (used: number, max: number) => `${used}/${max}`,
  cancel: 'Cancel',
  send: 'Send',
  sending: 'Sending...',
  thanks: 'Thank you for your feedback!',
  /** Spec §8: thrown and logged; no error UI. */
  failed: 'Failed to submit feedback',
} as const;
