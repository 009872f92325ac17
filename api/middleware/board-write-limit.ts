import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { reserveBoardOps } from '../services/rate-limit.service';
import { currentUser } from './session';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A card or section written through its REST route is one board operation, counted against the same per-user limit
 * as the ops door (LOOT_BOARD_OPS_PER_MINUTE): otherwise a loop of single-card requests would write without limit.
 */
export function boardWriteLimit(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!READS.has(c.req.method)) await reserveBoardOps(deps, currentUser(c).id, 1);
    await next();
  });
}
