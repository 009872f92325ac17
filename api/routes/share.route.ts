import { say } from '#shared/messages/errors';
import { Hono } from 'hono';
import { shareCodeParam } from '#shared/schemas/share';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { resourceIsolation } from '../middleware/resource-isolation';
import { currentUser, requireUser } from '../middleware/session';
import { openSharedBoard } from '../services/share.service';
import { validate } from '../validation';

/**
 * GET /api/share/:code (spec accounts §7). It writes (the recipient's copy), so only the app's own fetch or a
 * top-level navigation of this site may open it: an `<img>` naming it, or a request another site started, is
 * refused (resource-isolation.ts).
 */
export function shareRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/:code',
    resourceIsolation(),
    requireUser,
    validate('param', shareCodeParam, { refusal: say('share.notShared') }),
    async (c) => c.json(await openSharedBoard(deps, currentUser(c), c.req.valid('param').code)),
  );
}
