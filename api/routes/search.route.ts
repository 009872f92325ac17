import { Hono } from 'hono';
import { processQueryBody } from '../../shared/schemas/search';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { processSearch } from '../search/search.service';
import { validate } from '../validation';

/** POST /api/gemini/process {query, boardId} → {success, message, queryId} (spec accounts §7; signed in, own board). */
export function searchRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post('/process', validate('json', processQueryBody), async (c) =>
      c.json(await processSearch(deps, currentUser(c), c.req.valid('json'))),
    );
}
