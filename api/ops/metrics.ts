import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of this process (README: Health and metrics), served at /metrics or on LOOT_METRICS_PORT.
 * One registry per process: a process serves one site, and every app the tests create in one process adds to it.
 */
export const metricsRegistry = new Registry();

// Node's own: CPU, memory, heap, GC, open handles, and the event loop's lag (nodejs_eventloop_lag_seconds and its
// percentiles).
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

export const httpRequests = new Counter({
  name: 'loot_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpRequestSeconds = new Histogram({
  name: 'loot_http_request_duration_seconds',
  help: 'Time from a request to its response headers (a streamed body goes on after), by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/**
 * Open live streams (server-sent events): the stream's code increments it when a stream opens and decrements it
 * when it ends, whatever ended it.
 */
export const openLiveStreams = new Gauge({
  name: 'loot_live_streams_open',
  help: 'Live event streams open right now',
  registers,
});

export const queryToBoardSeconds = new Histogram({
  name: 'loot_query_to_board_seconds',
  help: 'From a query received to its board written (POST /api/gemini/process), successful queries',
  buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const uploadBytes = new Counter({
  name: 'loot_upload_bytes_total',
  help: 'Bytes of image files received by the upload routes',
  registers,
});

export const catalogueImagesPending = new Gauge({
  name: 'loot_catalogue_images_pending',
  help: 'Demo catalogue images not drawn yet (drawn in the background after start, or at once when asked for)',
  registers,
});

export type PoolStats = { total: number; idle: number; waiting: number };

let poolStats: (() => PoolStats) | null = null;

/** The database's connections, as the server's database reports them (watchDatabasePool). */
new Gauge({
  name: 'loot_db_pool_connections',
  help: 'Database connections: total and idle, and requests waiting for one (SQLite: its one connection and its queue)',
  labelNames: ['state'] as const,
  registers,
  collect() {
    if (!poolStats) return;
    const now = poolStats();
    this.set({ state: 'total' }, now.total);
    this.set({ state: 'idle' }, now.idle);
    this.set({ state: 'waiting' }, now.waiting);
  },
});

/** Names the database whose connections the metrics report (the server's; one per process). */
export function watchDatabasePool(stats: () => PoolStats): void {
  poolStats = stats;
}
