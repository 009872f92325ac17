import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses unsafe requests that a browser marks as coming from another site. Hono's csrf() only inspects
 * form-like bodies; this also covers bodyless and JSON requests (SECURITY.md: no cross-site request changes
 * anything). Requests without Origin or Sec-Fetch-Site (curl, server-to-server) are left to the other checks.
 */
export function sameOriginOnly(options: { exempt?: (path: string) => boolean } = {}): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.exempt?.(c.req.path)) return next();
    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new AppError('forbidden_origin', 403, 'Cross-site request refused');
    }
    const origin = c.req.header('origin');
    if (origin && origin !== new URL(c.req.url).origin) {
      throw new AppError('forbidden_origin', 403, 'Cross-site request refused');
    }
    return next();
  });
}
