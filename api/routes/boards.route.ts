import { Hono } from 'hono';
import { createBoardBody, listBoardsQuery, updateBoardBody } from '#shared/schemas/board';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import {
  createBoard,
  deleteBoard,
  getBoardShare,
  listBoards,
  restoreBoard,
  updateBoard,
} from '../services/boards.service';
import { positiveIdParam, validate } from '../validation';

/**
 * Boards (spec board-workspace §7, accounts §7). GET's userId query parameter is accepted for the spec's client
 * and ignored: the list is always the caller's own boards.
 */
export function boardsRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireUser)
      .get('/', validate('query', listBoardsQuery), async (c) => c.json(await listBoards(deps, currentUser(c))))
      .post('/', validate('json', createBoardBody), async (c) =>
        c.json(await createBoard(deps, currentUser(c), c.req.valid('json')), 201),
      )
      // The owner's share-copy state, read only (the share dialog opens on it without publishing the board).
      .get('/:id/share', validate('param', positiveIdParam), async (c) =>
        c.json(await getBoardShare(deps, currentUser(c), c.req.valid('param').id)),
      )
      .patch('/:id', validate('param', positiveIdParam), validate('json', updateBoardBody), async (c) =>
        c.json(await updateBoard(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json'))),
      )
      .post('/:id/restore', validate('param', positiveIdParam), async (c) =>
        c.json(await restoreBoard(deps, currentUser(c), c.req.valid('param').id)),
      )
      .delete('/:id', validate('param', positiveIdParam), async (c) =>
        c.json(await deleteBoard(deps, currentUser(c), c.req.valid('param').id)),
      )
  );
}
