import { Hono } from 'hono';
import { createBoardBody, listBoardsQuery, updateBoardBody } from '#shared/schemas/board';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { routeBodyLimit } from '../middleware/body-limit';
import { currentUser, requireUser } from '../middleware/session';
import { saveBoardLayout } from '../services/board-layout.service';
import {
  createBoard,
  deleteBoard,
  getBoardShare,
  listBoards,
  restoreBoard,
  updateBoard,
} from '../services/boards.service';
import { positiveIdParam, requireJsonBody, validate } from '../validation';

/**
 * A whole-board layout save carries one item per card: a 100,000-card board is about 8 MB of JSON, so that route
 * takes a larger body (read only after the session check; parsed and written on the layout worker).
 */
const LAYOUT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Boards (spec board-workspace §7, accounts §7). GET's userId query parameter is accepted for the spec's client
 * and ignored: the list is always the caller's own boards.
 */
export function boardsRoutes(deps: AppDeps) {
  const layoutBodyLimit = routeBodyLimit(Math.max(LAYOUT_BODY_LIMIT_BYTES, deps.config.LOOT_BODY_LIMIT_BYTES));
  return (
    new Hono<AppEnv>()
      .use(requireUser)
      .get('/', validate('query', listBoardsQuery), async (c) => c.json(await listBoards(deps, currentUser(c))))
      .post('/', validate('json', createBoardBody), async (c) =>
        c.json(await createBoard(deps, currentUser(c), c.req.valid('json')), 201),
      )
      // Up to ~16 MB of JSON: read here, parsed, validated and written on the layout worker.
      .patch('/:id/layout', layoutBodyLimit, validate('param', positiveIdParam), requireJsonBody, async (c) =>
        c.json(await saveBoardLayout(deps, currentUser(c), c.req.valid('param').id, await c.req.arrayBuffer())),
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
