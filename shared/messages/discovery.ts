/**
 * The title of a recipient's copy: the source board's, with whose it was, so it reads apart from
 * the recipient's own boards. Without a first name (never the email: it is not the recipient's to see) 'shared'.
 */
export const SHARE_COPY_TITLE = {
  fromOwner: (title: string, owner: string) => `${title} (from ${owner})`,
  shared: (title: string) => `${title} (shared)`,
} as const;
