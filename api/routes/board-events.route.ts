import { Hono } from 'hono';
import { z } from 'zod';
import { queryInteger } from '#shared/schemas/common';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { badRequest } from '../errors';
import { openBoardStream } from '../live/board-stream.service';
import { resourceIsolation } from '../middleware/resource-isolation';
import { currentUser, requireUser } from '../middleware/session';
import { positiveIdParam, validate } from '../validation';
import { serveLiveStream } from './live-sse';

const eventsQuery = z.object({ since: queryInteger(0, Number.MAX_SAFE_INTEGER).optional() });

/** The version a screen resumes from: `?since=`, else the standard Last-Event-ID header, else none (start now). */
function resumeVersion(since: number | undefined, lastEventId: string | undefined): number | null {
  if (since !== undefined) return since;
  if (lastEventId === undefined || lastEventId === '') return null;
  if (!/^(0|[1-9][0-9]{0,15})$/.test(lastEventId)) throw badRequest('board.lastEventId', { field: 'Last-Event-ID' });
  return Number(lastEventId);
}

/**
 * GET /api/boards/:id/events: the board's changes as Server-Sent Events (shared/schemas/live.ts). Opening one holds
 * state (one of the user's stream slots, their name in the board's presence), so it takes the resource-isolation
 * guard: the app's EventSource sends `Sec-Fetch-Dest: empty`; an `<img>` or other subresource naming the stream,
 * or another site, is refused before any slot is taken.
 */
export function boardEventsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/:id/events',
    resourceIsolation(),
    requireUser,
    validate('param', positiveIdParam),
    validate('query', eventsQuery),
    async (c) => {
      const since = resumeVersion(c.req.valid('query').since, c.req.header('last-event-id'));
      const stream = await openBoardStream(deps, currentUser(c), c.req.valid('param').id, since);
      return serveLiveStream(c, deps, stream);
    },
  );
}
