import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { billingRoutes } from './billing.route';

/**
 * Every API resource, one sub-app each, mounted under /api. Add a resource here and nowhere else.
 */
export function apiRoutes(deps: AppDeps) {
  const api = new Hono<AppEnv>();
  api.get('/health', (c) => c.json({ ok: true }));
  api.route('/', billingRoutes(deps));
  return api;
}
