import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { socketPeerAddress } from '../auth/client-address';
import { isTrustedProxy, type TrustedProxies } from '../auth/trusted-proxies';
import type { AppEnv } from '../env';
import { parseIpAddress } from '../net/ip-address';
import type { Logger } from './log';
import { httpRequests, httpRequestSeconds } from './metrics';

/** An id a proxy passed on is kept when it is short and plain; anything else is replaced. */
const FORWARDED_ID = /^[\w.=-]{8,128}$/;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Asked every few seconds by a container engine, a load balancer or Prometheus: logged at debug only. */
const isProbe = (route: string) => route.startsWith('/api/health') || route === '/metrics';

/**
 * Every request: a request id in the context and back in the response's X-Request-Id; the request counted and
 * timed by route pattern (metrics); and, with a logger, one JSON line: method, route pattern, status, ms until the
 * response started, the signed-in user's id and the request id. The id is the one a trusted proxy
 * (LOOT_TRUSTED_PROXIES) sent when it is plain; anyone else's is replaced by a new UUID, since a client choosing
 * its own id could make its lines pass for another request's, and is logged beside it as `clientReqId` when plain.
 * Route patterns, never paths or query strings: a path can carry a share code, a query an OAuth code, and no line
 * may carry a secret (README: Logs).
 */
export function observeRequests(log?: Logger, trustedProxies: TrustedProxies | null = null): MiddlewareHandler<AppEnv> {
  const fromTrustedProxy = (address: string) => {
    const peer = trustedProxies && parseIpAddress(address);
    return Boolean(peer && isTrustedProxy(trustedProxies, peer));
  };
  return async (c, next) => {
    const started = performance.now();
    const sent = c.req.header('x-request-id');
    const plain = sent !== undefined && FORWARDED_ID.test(sent);
    const kept = plain && fromTrustedProxy(socketPeerAddress(c));
    const requestId = kept ? sent : crypto.randomUUID();
    c.set('requestId', requestId);
    await next();
    // The handler that answered is the last one reached (a middleware that refused, or the route).
    const route = routePath(c) || 'unmatched';
    const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
    const status = c.res.status;
    const seconds = (performance.now() - started) / 1000;
    httpRequests.inc({ method, route, status: String(status) });
    httpRequestSeconds.observe({ method, route }, seconds);
    c.res.headers.set('X-Request-Id', requestId);
    if (!log) return;
    const clientReqId = plain && !kept ? sent : undefined;
    const line = {
      reqId: requestId,
      clientReqId,
      method,
      route,
      status,
      ms: Math.round(seconds * 10_000) / 10,
      userId: c.get('user')?.id,
    };
    if (isProbe(route)) log.debug(line, 'request');
    else log.info(line, 'request');
  };
}
