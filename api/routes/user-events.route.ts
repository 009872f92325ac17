import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { openUserStream } from '../live/user-stream.service';
import { resourceIsolation } from '../middleware/resource-isolation';
import { currentUser, requireUser } from '../middleware/session';
import { serveLiveStream } from './live-sse';

/**
 * GET /api/current-user/events: the signed-in user's own news as Server-Sent Events (user-stream.service.ts), for a
 * page that follows no board. Like a board's stream it takes one of the user's stream places, so it takes the
 * resource-isolation guard (the app's EventSource sends `Sec-Fetch-Dest: empty`).
 */
export function userEventsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/current-user/events', resourceIsolation(), requireUser, async (c) =>
    serveLiveStream(c, deps, await openUserStream(deps, currentUser(c))),
  );
}
