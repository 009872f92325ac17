/**
 * The board API's own error messages (our words; the spec's toasts live in shared/messages/web.ts). They go out
 * as `{error:{code,message}}`; the web shows the spec's toast and may log these.
 */
export const BOARD_API_MESSAGES = {
  lastBoard: 'Your last board cannot be deleted: create another board first.',
  layoutItemNotOnBoard: (type: 'card' | 'section', id: number) => `${type} ${id} is not on this board`,
} as const;

/** The names used in 404 messages ('Board not found', ...). */
export const ENTITY_NAMES = {
  board: 'Board',
  card: 'Card',
  section: 'Section',
  query: 'Query',
} as const;
