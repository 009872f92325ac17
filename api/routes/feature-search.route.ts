import { Hono } from 'hono';
import { featureSearchBody } from '#shared/schemas/catalogue';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { featureSearchFilterOptions, searchFeatures } from '../services/feature-search.service';
import { validate } from '../validation';

/** GET /api/feature-search/filters and POST /api/feature-search (signed in; spec accounts §7). */
export function featureSearchRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/filters', async (c) => c.json(await featureSearchFilterOptions(deps)))
    .post('/', requireUser, validate('json', featureSearchBody), async (c) =>
      c.json(await searchFeatures(deps, currentUser(c), c.req.valid('json'))),
    );
}
