/**
 * Query-key factories, one per resource (STYLE.md §5: never inline key arrays). Hierarchical so that
 * invalidating `cardKeys.all` reaches every board's card list.
 */
export const userKeys = {
  all: ['user'] as const,
  current: () => [...userKeys.all, 'current'] as const,
};

export const boardKeys = {
  all: ['boards'] as const,
  lists: () => [...boardKeys.all, 'list'] as const,
  list: (userId: number) => [...boardKeys.lists(), userId] as const,
  /** The owner's share-copy state of one board (GET /api/boards/:id/share). */
  share: (boardId: number) => [...boardKeys.all, 'share', boardId] as const,
};

export const cardKeys = {
  all: ['cards'] as const,
  lists: () => [...cardKeys.all, 'list'] as const,
  list: (boardId: number) => [...cardKeys.lists(), boardId] as const,
  /** One card with its details (GET /api/cards/:id), for cards listed without them. */
  detail: (cardId: number) => [...cardKeys.all, 'detail', cardId] as const,
};

export const sectionKeys = {
  all: ['sections'] as const,
  lists: () => [...sectionKeys.all, 'list'] as const,
  list: (boardId: number) => [...sectionKeys.lists(), boardId] as const,
};

export const bookmarkKeys = {
  all: ['bookmarks'] as const,
  list: () => [...bookmarkKeys.all, 'list'] as const,
};

export const gameInfoKeys = {
  all: ['game-info'] as const,
  detail: (gameName: string) => [...gameInfoKeys.all, gameName] as const,
};

/** The signed-in user's own-image storage use (GET /api/user/storage). */
export const storageKeys = {
  all: ['storage-usage'] as const,
  usage: () => [...storageKeys.all, 'usage'] as const,
};

/** The signed-in person's pending invitations by email (GET /api/invitations). */
export const myInvitationKeys = {
  all: ['my-invitations'] as const,
  list: () => [...myInvitationKeys.all, 'list'] as const,
};

/** What an invitation link is for, before its holder signs in (GET /api/invitations/:code/preview). */
export const invitationPreviewKeys = {
  all: ['invitation-preview'] as const,
  detail: (code: string) => [...invitationPreviewKeys.all, code] as const,
};

/** A board's members and pending invitations (GET /api/boards/:id/members). */
export const memberKeys = {
  all: ['board-members'] as const,
  list: (boardId: number) => [...memberKeys.all, boardId] as const,
};
