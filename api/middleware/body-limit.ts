import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../env';
import { AppError, say } from '../errors';
import type { Said } from '#shared/messages/errors';

const TOO_LARGE = say('request.tooLarge');

/** Marks a route's own limit, so the app-wide default can tell that the route chose one. */
const OWN_LIMIT = Symbol('the route declares its own body limit');

function limit(maxSize: number, message: Said): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('payload_too_large', 413, message);
    },
  });
}

/**
 * A route that takes more (or less) than the default body declares it in its own handler list, before anything
 * reads the body: `.post('/:id/ops', routeBodyLimit(bytes), validate('json', …), handler)`. The limit lives with
 * the route that needs it, so a new route or a changed path cannot fall outside it the way a URL pattern could.
 */
export function routeBodyLimit(maxSize: number, message: Said = TOO_LARGE): MiddlewareHandler<AppEnv> {
  return Object.assign(limit(maxSize, message), { [OWN_LIMIT]: maxSize });
}

/**
 * The limit every other API request gets (LOOT_BODY_LIMIT_BYTES), applied early, before the session is looked up.
 * It stands aside when the matched route declares its own (routeBodyLimit): a smaller default here would refuse an
 * upload the route allows before the route's limit is ever reached.
 */
export function defaultBodyLimit(maxSize: number): MiddlewareHandler<AppEnv> {
  const byDefault = limit(maxSize, TOO_LARGE);
  return (c, next) => (matchedRoutes(c).some((route) => OWN_LIMIT in route.handler) ? next() : byDefault(c, next));
}
