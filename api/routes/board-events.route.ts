import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { queryInteger } from '#shared/schemas/common';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { badRequest } from '../errors';
import { openBoardStream, type SseMessage } from '../live/board-stream.service';
import { openLiveStreams } from '../ops/metrics';
import { resourceIsolation } from '../middleware/resource-isolation';
import { currentUser, requireUser } from '../middleware/session';
import { positiveIdParam, validate } from '../validation';

const eventsQuery = z.object({ since: queryInteger(0, Number.MAX_SAFE_INTEGER).optional() });

/** Messages a slow screen may have waiting before its stream is closed (it reconnects and catches up). */
const PENDING_MESSAGES_MAX = 256;

/** The version a screen resumes from: `?since=`, else the standard Last-Event-ID header, else none (start now). */
function resumeVersion(since: number | undefined, lastEventId: string | undefined): number | null {
  if (since !== undefined) return since;
  if (lastEventId === undefined || lastEventId === '') return null;
  if (!/^(0|[1-9][0-9]{0,15})$/.test(lastEventId))
    throw badRequest('Last-Event-ID must be a board version.', { field: 'Last-Event-ID' });
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
      // Proxies that buffer (nginx) would hold the events back.
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (sse) => {
        let leave = () => {};
        const closed = new Promise<void>((resolve) => {
          leave = resolve;
          sse.onAbort(resolve);
        });
        let pending = 0;
        let writes = Promise.resolve();
        const send = (message: SseMessage) => {
          if (sse.aborted || sse.closed) return;
          // A screen that does not read (a frozen tab, a dead link the OS has not noticed) is let go.
          if ((pending += 1) > PENDING_MESSAGES_MAX) return void sse.abort();
          writes = writes.then(() => sse.writeSSE(message)).finally(() => void (pending -= 1));
        };
        // The last message (a removed member's "gone") is written before the stream ends.
        const stop = await stream.start({ send, close: () => void writes.then(leave, leave) });
        openLiveStreams.inc();
        // The server is shutting down (README: Graceful shutdown): the stream ends, telling the screen when to come
        // back (the SSE retry field, in a message with no data, which EventSource does not dispatch); it then
        // reconnects to whichever instance answers and resumes from its version.
        const offDrain = deps.lifecycle.onDrain(async ({ retryAfterMs }) => {
          writes = writes.then(() => sse.writeSSE({ data: '', retry: retryAfterMs }));
          await writes.catch(() => undefined);
          leave();
        });
        try {
          await closed;
        } finally {
          offDrain();
          openLiveStreams.dec();
          stop();
        }
      });
    },
  );
}
