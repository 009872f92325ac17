import { UNTITLED_BOARD_TITLE } from '#shared/constants';
import { apiJson, getList } from './api-client';
import { boardSchema, cardSchema, parseList } from './wire';

/**
 * Application reset (spec board-workspace §4): every bookmark is toggled off, then every board goes, with its
 * cards and sections (the server cascades a board delete to them). The server keeps a user's last board
 * (deleting it is a 409), so a fresh 'Untitled' board is made first and the old ones are deleted
 * after it: the user ends where a brand-new account starts.
 */
export async function resetApplication(): Promise<void> {
  const bookmarks = parseList(cardSchema, await getList('/api/bookmarks', 'Failed to fetch bookmarked cards'), 'bookmark');
  for (const card of bookmarks) await apiJson('PATCH', `/api/cards/${card.id}/bookmark`);
  const boards = parseList(boardSchema, await getList('/api/boards', 'Failed to fetch user boards'), 'board');
  await apiJson('POST', '/api/boards', { title: UNTITLED_BOARD_TITLE });
  for (const board of boards) await apiJson('DELETE', `/api/boards/${board.id}`);
}
