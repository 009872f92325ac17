import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { readiness } from '../services/health.service';

/**
 * GET /api/health/live: the process runs and answers (a container engine restarts it otherwise).
 * GET /api/health/ready and /api/health: the database and the store answer, and the server is not draining;
 * 503 naming what failed otherwise (a load balancer sends its requests elsewhere meanwhile).
 */
export function healthRoutes(deps: AppDeps) {
  const ready = async (c: Context<AppEnv>) => {
    const answer = await readiness(deps);
    c.header('Cache-Control', 'no-store');
    return c.json(answer, answer.ok ? 200 : 503);
  };
  return new Hono<AppEnv>()
    .get('/live', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ ok: true });
    })
    .get('/ready', ready)
    .get('/', ready);
}
