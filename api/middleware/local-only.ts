import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { socketPeerAddress } from '../auth/client-address';
import { devLoginRefusal } from '../auth/dev-login';
import type { AppDeps } from '../deps';
import { AppError, say } from '../errors';

/**
 * Developer conveniences (dev-login, the demo board) answer only where dev-login would: a loopback peer, a local
 * Host, no forwarding headers, LOOT_DEV_LOGIN not 0. Refused looks like an endpoint that does not exist.
 */
export function localOnly(deps: AppDeps): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    const refusal = devLoginRefusal({
      enabled: deps.config.devLoginEnabled,
      peerAddress: socketPeerAddress(c),
      host: c.req.header('host'),
      header: (name) => c.req.header(name),
    });
    if (refusal) throw new AppError('not_found', 404, say('request.noEndpoint'));
    await next();
  });
}
