import { say } from '#shared/messages/errors';
import { Hono } from 'hono';
import { z } from 'zod';
import { opsBatchEnvelope, type OpsBatch } from '#shared/schemas/board-ops';
import { queryInteger } from '#shared/schemas/common';
import { BOARD_BATCH_BODY_BYTES_MAX } from '#shared/constants';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { routeBodyLimit } from '../middleware/body-limit';
import { currentUser, requireUser } from '../middleware/session';
import { applyBoardOps } from '../services/board-ops/apply-ops';
import { changesSince } from '../services/board-ops/changes-since';
import { parseOpsInTurns } from '../services/board-ops/parse-ops';
import { reserveBoardOps } from '../services/rate-limit.service';
import { positiveIdParam, validate } from '../validation';

/** What a batch counts against the write limit: one per op, and one per item a layout.set places. */
const opsWeight = (ops: OpsBatch['ops']) =>
  ops.reduce(
    (n, op) =>
      n +
      (op.type === 'layout.set'
        ? Math.max(1, op.cards.length + op.sections.length)
        : op.type === 'cards.place'
          ? op.ids.length
          : 1),
    0,
  );

/**
 * A batch is parsed and applied on the event loop: its body is capped at what a board's worth of ops needs
 * (shared/constants.ts), so no batch holds the loop for long (SECURITY.md: one request never stalls the others).
 */
const opsBodyLimit = routeBodyLimit(
  BOARD_BATCH_BODY_BYTES_MAX,
  say('board.batchBodyTooLarge', { mb: BOARD_BATCH_BODY_BYTES_MAX / (1024 * 1024) }),
);

const sinceQuery = z.object({ since: queryInteger(0, Number.MAX_SAFE_INTEGER) });

/**
 * POST /api/boards/:id/ops {batchId, ops} → {change, refs}: a batch of board operations, applied whole
 * or not at all. GET /api/boards/:id/changes?since=version → what changed after that version, or "reload".
 */
export function boardOpsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post(
      '/:id/ops',
      opsBodyLimit,
      validate('param', positiveIdParam),
      validate('json', opsBatchEnvelope),
      async (c) => {
        const batch = await parseOpsInTurns(c.req.valid('json'));
        // Counted before anything is applied (a refused batch counts too): past the limit, 429 and nothing written.
        await reserveBoardOps(deps, currentUser(c).id, opsWeight(batch.ops));
        return c.json(await applyBoardOps(deps, currentUser(c), c.req.valid('param').id, batch));
      },
    )
    .get('/:id/changes', validate('param', positiveIdParam), validate('query', sinceQuery), async (c) =>
      c.json(await changesSince(deps, currentUser(c), c.req.valid('param').id, c.req.valid('query').since)),
    );
}
