/**
 * User-facing texts of the web app, word for word from the spec (board-workspace §2, §5, §8; accounts §2, §6).
 * A toast is {title, description?}; functions build the texts that name a card, section or board.
 */

export type ToastText = { title: string; description?: string };

export const NOT_FOUND_TEXT = {
  title: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
} as const;

export const SHELL_TEXT = {
  signIn: 'Sign in',
  signOut: 'Sign out',
  billing: 'Billing',
  newBoard: 'New Board',
  bookmarks: 'Bookmarks',
  collections: 'Collections',
  featureSearch: 'Feature Search',
  feedback: 'Feedback',
  boards: 'Boards',
  resetApplication: 'Reset application',
  emptyBoard: 'This board is empty. Search for references to fill it.',
  loading: 'Loading...',
  rename: 'Rename',
  delete: 'Delete',
  toggleSidebar: 'Toggle sidebar',
} as const;

export const LOGIN_TEXT = {
  signInHeading: 'Sign in',
  signUpHeading: 'Create an account',
  email: 'Email',
  password: 'Password',
  firstName: 'First name (optional)',
  signInButton: 'Sign in',
  signUpButton: 'Sign up',
  devLogin: 'Continue as dev user',
  /** Localhost offers both ways in. */
  devLoginHint: 'On localhost you can sign in as the dev user, without an account.',
  orWithEmail: 'or with email and password',
  failed: 'Sign-in failed',
} as const;

/** A section's right-click menu: rename and the palette's colours, named for screen readers. */
export const SECTION_MENU_TEXT = {
  label: (title: string) => `Section ${title}`,
  rename: 'Rename…',
  color: 'Colour',
  colorNames: ['Rose', 'Sage', 'Butter', 'Periwinkle', 'Lavender', 'Mint', 'Peach', 'Sky'],
} as const;

export const VIEWER_TEXT = {
  close: 'Close',
  previous: 'Previous image',
  next: 'Next image',
  loadingGenre: 'Loading genre info...',
  shortDescription: 'Short Description',
  detailedDescription: 'Detailed Description',
  genre: 'Genre',
  subgenre: 'Subgenre',
} as const;

export const RATING_TEXT = {
  title: 'Rate this response',
  question: 'How useful was the generated content?',
  prompt: 'Click a star to rate',
  labels: ['Not useful', 'Slightly useful', 'Moderately useful', 'Very useful', 'Extremely useful'],
} as const;

export const RESET_TEXT = {
  title: 'Reset application',
  body: 'This deletes all your bookmarks, cards, sections and boards, and clears saved settings in this browser.',
  cancel: 'Cancel',
  confirm: 'Reset',
} as const;

export const SECTION_TEXT = {
  renamePrompt: 'Enter new section title',
  /** The section menu. */
  menu: 'Section',
  moreLikeThis: 'More like this section',
  moreLikeThisFailed: 'Could not add more references to this section.',
} as const;

export const FIND_TEXT = {
  placeholder: 'Find on board',
  matches: (n: number) => (n === 1 ? '1 match' : `${n} matches`),
  next: 'Next match',
  close: 'Close find',
} as const;

export const TOASTS = {
  cardDeleted: { title: 'Card Deleted', description: 'Card has been removed from the board' },
  /** Several cards deleted at once (the selection bar, the Delete key), with the same Undo. */
  cardsDeleted: { title: 'Cards Deleted', description: 'The cards have been removed from the board' },
  cardDeleteFailed: { title: 'Deletion Error', description: 'Failed to delete the card. Please try again.' },
  addedToBookmarks: { title: 'Added to Bookmarks' },
  removedFromBookmarks: { title: 'Removed from Bookmarks' },
  bookmarkFailed: { title: 'Error', description: 'Failed to update bookmark status' },
  boardRenamed: { title: 'Board Renamed' },
  boardRenameFailed: { title: 'Error', description: 'Failed to rename board' },
  boardDeleted: { title: 'Board Deleted' },
  sectionColorFailed: { title: 'Error', description: 'Failed to update section color' },
  boardRestoreFailed: { title: 'Error', description: 'Could not bring the board back.' },
  undoAction: { title: 'Undo' },
  boardDeleteFailed: { title: 'Error', description: 'Failed to delete the board. This might be the main board.' },
  boardInvalidId: { title: 'Invalid Board ID', description: 'Cannot delete board with invalid ID.' },
  boardNotFound: { title: 'Board Not Found', description: "The board you're trying to delete doesn't exist." },
  boardCreateFailed: { title: 'Error', description: 'Failed to create new board' },
  sectionPositionFailed: { title: 'Error', description: 'Failed to update section position' },
  sectionSizeFailed: { title: 'Error', description: 'Failed to update section size' },
  sectionTitleFailed: { title: 'Error', description: 'Failed to update section title' },
  sectionTitleUpdated: { title: 'Title Updated', description: 'Section title successfully changed' },
  cardPositionFailed: { title: 'Error', description: 'Failed to update card position' },
  authError: { title: 'Authentication Error', description: 'Could not verify user.' },
  /** Spec board-workspace §8, plus the second sentence: find similar spends one monthly search. */
  findingSimilar: {
    title: 'Finding similar features...',
    description: 'Creating a new board for the results. This uses one search from your monthly limit.',
  },
  findSimilarFailed: { title: 'Operation Failed', description: 'Could not start the search for similar features.' },
  ratingSaved: { title: 'Thank you!', description: 'Your feedback has been recorded.' },
  ratingFailed: { title: 'Error', description: 'Failed to save your rating. Please try again.' },
  appReset: { title: 'Application Reset' },
  appResetFailed: { title: 'Reset Error' },
  cardUnlinked: { title: 'Card unlinked from section', description: 'Card is no longer linked to any section' },
  sectionAssignFailed: { title: 'Error', description: 'Failed to update card–section assignment' },
  downloadError: { title: 'Download error', description: 'No image available for download.' },
  textCopied: { title: 'Text copied', description: 'Card description copied to clipboard' },
  nothingToUndo: { title: 'Nothing to undo' },
  nothingToRedo: { title: 'Nothing to redo' },
} satisfies Record<string, ToastText>;

export function cardAddedToSectionToast(sectionTitle: string): ToastText {
  return { title: 'Card added to section', description: sectionTitle };
}

/** 'Board Deleted' naming what went with it, so the Undo beside it is an informed choice. */
export function boardDeletedToast(title: string, cards: number): ToastText {
  return { title: 'Board Deleted', description: `“${title}” with ${cards} ${cards === 1 ? 'card' : 'cards'}.` };
}

export function undoneToast(label: string): ToastText {
  return { title: 'Undone', description: label };
}

export function redoneToast(label: string): ToastText {
  return { title: 'Redone', description: label };
}

/** Share Board from the toolbar (spec accounts §8). */
export const SHARE_TOASTS = {
  noBoard: { title: 'No board selected to share' },
  failed: { title: 'Error', description: 'Failed to generate share link. Please try again.' },
  generated: { title: 'Share link generated', description: 'Your board share link is ready to copy!' },
  copied: { title: 'Copied!', description: 'Share link copied to clipboard' },
  copyFailed: { title: 'Copy failed', description: 'Please copy the link manually' },
  stopped: { title: 'Sharing stopped', description: 'The old link no longer opens this board' },
  stopFailed: { title: 'Error', description: 'Failed to stop sharing. Please try again.' },
} satisfies Record<string, ToastText>;

/** Multi-select bar (our words: the spec has no selection). */
export const SELECTION_TEXT = {
  label: 'Selection',
  count: (n: number) => (n === 1 ? '1 card selected' : `${n} cards selected`),
  moveToSection: 'Move to section…',
  moveToBoard: 'Move to board…',
  bookmark: 'Bookmark all',
  unbookmark: 'Remove bookmarks',
  delete: 'Delete',
  zoomToSelection: 'Zoom to selection',
  clear: 'Clear selection',
} as const;
