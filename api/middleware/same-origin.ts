import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { AppError, say } from '../errors';
import { publicOrigin, type OriginSettings } from '../net/public-origin';
import type { Logger } from '../ops/log';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses unsafe requests that a browser marks as coming from another site. Hono's csrf() only inspects
 * form-like bodies; this also covers bodyless and JSON requests (SECURITY.md: no cross-site request changes
 * anything). Requests without Origin or Sec-Fetch-Site (curl, server-to-server) are left to the other checks.
 * Our own origin is publicOrigin's, so a deployment behind a TLS-terminating proxy is not refused its own pages'
 * writes; each refusal is logged with the origin it got and the one expected, which names a misconfiguration.
 */
export function sameOriginOnly(
  settings: OriginSettings & { log?: Logger },
  options: { exempt?: (path: string) => boolean } = {},
): MiddlewareHandler {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.exempt?.(c.req.path)) return next();
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const expectedOrigin = publicOrigin(c, settings);
    const crossSite = fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
    if (crossSite || (origin !== undefined && origin !== expectedOrigin)) {
      settings.log?.warn(
        {
          reqId: c.get('requestId'),
          method: c.req.method,
          origin: origin ?? null,
          expectedOrigin,
          fetchSite: fetchSite ?? null,
        },
        "Cross-site request refused: its Origin is not this site (LOOT_PUBLIC_URL, or a trusted proxy's X-Forwarded-Proto / X-Forwarded-Host, decides ours)",
      );
      throw new AppError('forbidden_origin', 403, say('request.crossSiteOrigin'));
    }
    return next();
  });
}
