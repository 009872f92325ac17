import type { ToastText } from './web';

/**
 * Texts of the account screens not yet in the interface catalogues: the sign-in gate of the account, share and
 * invite pages, the share page and the feedback dialog (spec accounts §2, §5, §8). Spec wording where the spec gives
 * it; the rest is ours. The collections view, feature search and the 'new!' badges read the catalogues.
 */

/** Spec §2 /collections and /feature-search while the sign-in is checked. */
export const AUTH_GATE_TEXT = {
  checking: 'Auth checking...',
  redirecting: 'Redirecting...',
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
