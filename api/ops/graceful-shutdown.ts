import type { Server, ServerResponse } from 'node:http';
import type { Logger } from './log';

export type RequestTracker = {
  active(): number;
  responses(): ServerResponse[];
  /** Resolves once no request is in flight (at once when none is). */
  idle(): Promise<void>;
};

/** The requests a server is answering right now: each from its arrival until its response has ended or was cut. */
export function trackRequests(server: Server): RequestTracker {
  const open = new Set<ServerResponse>();
  let waiting: (() => void)[] = [];
  server.on('request', (_req, res: ServerResponse) => {
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      if (open.size > 0) return;
      for (const resolve of waiting) resolve();
      waiting = [];
    });
  });
  return {
    active: () => open.size,
    responses: () => [...open],
    idle: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}

export type DrainPlan = {
  /** The app's server first; the metrics port's, when there is one. */
  servers: Server[];
  requests: RequestTracker;
  timeoutMs: number;
  log: Logger;
  /** Stops taking work (ready answers 503) and ends what never ends by itself (live streams, with a retry hint). */
  beginDrain(): Promise<void>;
  /** After the last request: background work stopped, pools closed. */
  closeResources(): Promise<void>;
};

/**
 * SIGTERM or SIGINT (README: Graceful shutdown): stop accepting connections, tell long-lived responses to go, finish
 * every request in flight (streamed exports included) for up to `timeoutMs`, then cut what is left, close the pools
 * and resolve; the caller exits 0. A keep-alive connection is closed as soon as it sits idle, so no new request
 * slips in on one.
 */
export async function drainServers(plan: DrainPlan): Promise<{ cut: number }> {
  const { servers, requests, log } = plan;
  log.info({ inFlight: requests.active(), timeoutMs: plan.timeoutMs }, 'Draining: no new connections; finishing the requests in flight');
  const closeIdle = () => setImmediate(() => servers.forEach((server) => server.closeIdleConnections()));
  const closed = servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
  for (const server of servers) server.on('request', (_req, res: ServerResponse) => res.once('finish', closeIdle));
  for (const res of requests.responses()) res.once('finish', closeIdle);
  closeIdle();
  await plan.beginDrain();

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), plan.timeoutMs);
  });
  const outcome = await Promise.race([requests.idle().then(() => 'idle' as const), timedOut]);
  clearTimeout(timer);
  const cut = outcome === 'timeout' ? requests.active() : 0;
  if (cut > 0) log.warn({ cut, timeoutMs: plan.timeoutMs }, 'Draining: LOOT_SHUTDOWN_TIMEOUT_MS has passed; cutting the requests still in flight');
  for (const server of servers) server.closeAllConnections();
  await Promise.all(closed);
  await plan.closeResources();
  log.info({ cut }, 'Stopped');
  return { cut };
}
