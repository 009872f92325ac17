import { Hono } from 'hono';
import { z } from 'zod';
import { opsBatchBody } from '#shared/schemas/board-ops';
import { queryInteger } from '#shared/schemas/common';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { applyBoardOps } from '../services/board-ops/apply-ops';
import { changesSince } from '../services/board-ops/changes-since';
import { positiveIdParam, validate } from '../validation';

const sinceQuery = z.object({ since: queryInteger(0, Number.MAX_SAFE_INTEGER) });

/**
 * POST /api/boards/:id/ops {batchId, ops} → {change, refs} (issue #26): a batch of board operations, applied whole
 * or not at all. GET /api/boards/:id/changes?since=version → what changed after that version, or "reload".
 */
export function boardOpsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post('/:id/ops', validate('param', positiveIdParam), validate('json', opsBatchBody), async (c) =>
      c.json(await applyBoardOps(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .get('/:id/changes', validate('param', positiveIdParam), validate('query', sinceQuery), async (c) =>
      c.json(await changesSince(deps, currentUser(c), c.req.valid('param').id, c.req.valid('query').since)),
    );
}
