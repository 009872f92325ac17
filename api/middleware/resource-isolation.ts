import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { AppError, say } from '../errors';

/**
 * Fetch-Metadata resource isolation for the GET routes that change state or hold something (opening a share link
 * makes a copy, logout ends the session, dev-login and the checkout confirmation sign in or store a plan, a board's
 * event stream takes one of the user's stream slots and shows them present; an EventSource sends `empty`). They stay GETs
 * (the spec's), but only a top-level navigation (`Sec-Fetch-Dest: document`) or the app's own fetch (`empty`) from
 * this origin, or a URL the user typed (`Sec-Fetch-Site: none`), may trigger them. Refused: a subresource load
 * (an `<img>`, script, style, iframe, object, font, worker, … naming the route, as user Markdown could) and any
 * request another site, or another subdomain of it, started. Clients that send no Fetch Metadata (curl, other
 * servers) keep working; the session and Origin checks still apply to them.
 */
const ALLOWED_DESTINATIONS = new Set(['document', 'empty']);
const ALLOWED_SITES = new Set(['same-origin', 'none']);

/** Every guard this module made: a test lists the state-changing GET routes and checks each carries one. */
const guards = new WeakSet<object>();

export function isResourceIsolationGuard(handler: unknown): boolean {
  return typeof handler === 'function' && guards.has(handler);
}

/** True when the browser says this request is a subresource load or came from another site. */
export function isIsolationViolation(dest: string | undefined, site: string | undefined): boolean {
  return (
    (dest !== undefined && !ALLOWED_DESTINATIONS.has(dest.toLowerCase())) ||
    (site !== undefined && !ALLOWED_SITES.has(site.toLowerCase()))
  );
}

/**
 * The guard for one state-changing GET route. `onRefused` answers a refused request instead of the default 403
 * (logout keeps its redirect to /, so a refused navigation still lands somewhere).
 */
export function resourceIsolation(
  options: { onRefused?: (c: Context<AppEnv>) => Response | Promise<Response> } = {},
): MiddlewareHandler<AppEnv> {
  const guard = createMiddleware<AppEnv>(async (c, next) => {
    if (!isIsolationViolation(c.req.header('sec-fetch-dest'), c.req.header('sec-fetch-site'))) return next();
    if (options.onRefused) return options.onRefused(c);
    throw new AppError('forbidden_fetch', 403, say('request.fetchRefused'));
  });
  guards.add(guard);
  return guard;
}
