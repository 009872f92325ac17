import { Hono } from 'hono';
import { metricsRegistry } from './metrics';

/** GET /metrics: the Prometheus text of this process's metrics (on the app's port, or alone on LOOT_METRICS_PORT). */
export function metricsRoutes() {
  return new Hono().get('/metrics', async (c) => {
    c.header('Content-Type', metricsRegistry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await metricsRegistry.metrics());
  });
}
