import { z } from 'zod';

/**
 * GET /api/boards/:id/events (issue #26): the Server-Sent Events of one board, as the server sends them.
 *   - `change` (id: the board's content version after it): a BoardChange (shared/schemas/board-ops.ts) to apply;
 *   - `version`: the board moved to `version` by a change the stream does not carry (too large, or filtered for
 *     another plan): fetch it with GET /api/boards/:id/changes?since=<the screen's version>;
 *   - `reload`: what the screen missed cannot be told change by change: load the board again;
 *   - `ready`: caught up; `version` is the board's version as the stream starts following it;
 *   - `ping`: a heartbeat (proxies keep the connection; the screen knows the stream is alive);
 *   - `gone`: the board was deleted.
 * A stream resumes where the screen is (`?since=version`, or the standard Last-Event-ID header).
 */
export const LIVE_EVENTS = ['change', 'version', 'reload', 'ready', 'ping', 'gone'] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];

export const liveVersion = z.object({ version: z.number().int().nonnegative() });
export type LiveVersion = z.infer<typeof liveVersion>;
