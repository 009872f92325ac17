import { Hono } from 'hono';
import { SHARE_API_MESSAGES } from '#shared/messages/discovery';
import { shareCodeParam } from '#shared/schemas/share';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { currentUser, requireUser } from '../middleware/session';
import { openSharedBoard } from '../services/share.service';
import { validate } from '../validation';

/**
 * GET /api/share/:code (spec accounts §7). It writes (the recipient's copy), so a request another site started
 * (Sec-Fetch-Site: cross-site, e.g. a top-level link with the Lax cookie) is refused like any unsafe method.
 */
export function shareRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/:code', requireUser, validate('param', shareCodeParam, { refusal: SHARE_API_MESSAGES.notShared }), async (c) => {
    const site = c.req.header('sec-fetch-site');
    if (site === 'cross-site' || site === 'same-site') throw new AppError('forbidden_origin', 403, 'Cross-site request refused');
    return c.json(await openSharedBoard(deps, currentUser(c), c.req.valid('param').code));
  });
}
