import crypto from 'node:crypto';
import { Hono } from 'hono';
import { metricsRegistry } from './metrics';

/** Equal tokens, compared in constant time over their digests (so neither the length nor a prefix leaks). */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics: the Prometheus text of this process's metrics (on the app's port, or alone on LOOT_METRICS_PORT).
 * With a token (LOOT_METRICS_TOKEN), a request without `Authorization: Bearer <token>` is answered 401 and told
 * nothing: the numbers describe the traffic (sign-ins, share opens), which is the operator's business only.
 */
export function metricsRoutes(options: { token?: string } = {}) {
  return new Hono().get('/metrics', async (c) => {
    if (options.token) {
      const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!given || !sameToken(given, options.token)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return c.json(
          { error: { code: 'unauthorized', message: 'The metrics need the bearer token LOOT_METRICS_TOKEN names.' } },
          401,
        );
      }
    }
    c.header('Content-Type', metricsRegistry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await metricsRegistry.metrics());
  });
}
