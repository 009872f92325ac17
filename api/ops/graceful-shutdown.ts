import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from './log';

export type RequestTracker = {
  active(): number;
  responses(): ServerResponse[];
  /** The responses in flight that may outlast the shutdown window (exports), up to the drain's cap. */
  outlasting(): ServerResponse[];
  /** Resolves once no request is in flight (at once when none is). */
  idle(): Promise<void>;
};

/**
 * The requests a server is answering right now: each from its arrival until its response has ended or was cut.
 * `mayOutlast` marks, on arrival, the requests the drain lets run past LOOT_SHUTDOWN_TIMEOUT_MS (an export: a
 * 1,500-card PDF takes longer than any sensible window, and cutting it loses the whole file).
 */
export function trackRequests(
  server: Server,
  mayOutlast: (req: IncomingMessage) => boolean = () => false,
): RequestTracker {
  const open = new Map<ServerResponse, boolean>();
  let waiting: (() => void)[] = [];
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    open.set(res, mayOutlast(req));
    res.once('close', () => {
      open.delete(res);
      if (open.size > 0) return;
      for (const resolve of waiting) resolve();
      waiting = [];
    });
  });
  return {
    active: () => open.size,
    responses: () => [...open.keys()],
    outlasting: () => [...open].filter(([, outlasts]) => outlasts).map(([res]) => res),
    idle: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}

export type DrainPlan = {
  /** The app's server first; the metrics port's, when there is one. */
  servers: Server[];
  requests: RequestTracker;
  /** How long every request in flight may take (LOOT_SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long, from the signal, an export in flight may keep the drain open (LOOT_SHUTDOWN_EXPORT_CAP_MS). */
  exportCapMs: number;
  log: Logger;
  /** Stops taking work (ready answers 503) and ends what never ends by itself (live streams, with a retry hint). */
  beginDrain(): Promise<void>;
  /** After the last request: background work stopped, pools closed. */
  closeResources(): Promise<void>;
};

/**
 * SIGTERM or SIGINT (README: Graceful shutdown): stop accepting connections, tell long-lived responses to go, finish
 * every request in flight for up to `timeoutMs`, then cut what is left except exports, which may run on until
 * `exportCapMs` after the signal; then cut the rest, close the pools and resolve; the caller exits 0. A keep-alive
 * connection is closed as soon as it sits idle, so no new request slips in on one, the extra time included.
 */
export async function drainServers(plan: DrainPlan): Promise<{ cut: number }> {
  const { servers, requests, log } = plan;
  log.info(
    { inFlight: requests.active(), timeoutMs: plan.timeoutMs, exportCapMs: plan.exportCapMs },
    'Draining: no new connections; finishing the requests in flight',
  );
  const closeIdle = () => setImmediate(() => servers.forEach((server) => server.closeIdleConnections()));
  const closed = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
  for (const server of servers) server.on('request', (_req, res: ServerResponse) => res.once('finish', closeIdle));
  for (const res of requests.responses()) res.once('finish', closeIdle);
  closeIdle();
  await plan.beginDrain();

  let cut = 0;
  if ((await idleWithin(requests, plan.timeoutMs)) === 'timeout') {
    const exports = new Set(requests.outlasting());
    const extraMs = Math.max(0, plan.exportCapMs - plan.timeoutMs);
    const waitForExports = exports.size > 0 && extraMs > 0;
    const others = requests.responses().filter((res) => !waitForExports || !exports.has(res));
    for (const res of others) res.destroy();
    cut += others.length;
    log.warn(
      {
        cut: others.length,
        exports: waitForExports ? exports.size : 0,
        timeoutMs: plan.timeoutMs,
        exportCapMs: plan.exportCapMs,
      },
      waitForExports
        ? 'Draining: LOOT_SHUTDOWN_TIMEOUT_MS has passed; cutting the requests still in flight except exports, which may run until LOOT_SHUTDOWN_EXPORT_CAP_MS'
        : 'Draining: LOOT_SHUTDOWN_TIMEOUT_MS has passed; cutting the requests still in flight',
    );
    if (waitForExports && (await idleWithin(requests, extraMs)) === 'timeout') {
      const left = requests.active();
      cut += left;
      log.warn(
        { cut: left, exportCapMs: plan.exportCapMs },
        'Draining: LOOT_SHUTDOWN_EXPORT_CAP_MS has passed; cutting the exports still in flight',
      );
    }
  }
  for (const server of servers) server.closeAllConnections();
  await Promise.all(closed);
  await plan.closeResources();
  log.info({ cut }, 'Stopped');
  return { cut };
}

/** Whether every request in flight ended within `ms`. */
async function idleWithin(requests: RequestTracker, ms: number): Promise<'idle' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  const outcome = await Promise.race([requests.idle().then(() => 'idle' as const), timedOut]);
  clearTimeout(timer);
  return outcome;
}
