import { Hono } from 'hono';
import { ratingBody } from '#shared/schemas/query';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { rateQuery } from '../services/query-rating.service';
import { positiveIdParam, validate } from '../validation';

/** PATCH /api/queries/{id}/rating {rating: 1..5} on one of the caller's own queries (spec board-workspace §7). */
export function queriesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .patch('/:id/rating', validate('param', positiveIdParam), validate('json', ratingBody), async (c) =>
      c.json(await rateQuery(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json').rating)),
    );
}
