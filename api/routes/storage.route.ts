import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { serveStorageFile } from '../storage/serve';

const PREFIX = '/api/storage/';

/**
 * GET/HEAD /api/storage/<path> and /api/storage/w/<96|320>/<path> (spec accounts §7: images load from
 * /api/storage/...). The path is checked inside the handler, from the raw URL (SECURITY.md: never rely on a
 * path-prefix middleware to guard storage).
 */
export function storageRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const raw = pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length) : '';
    const result = await serveStorageFile(deps.config.storageDir, raw, c.req.header('if-none-match'));
    const body = result.status === 304 || c.req.method === 'HEAD' ? null : new Uint8Array(result.body!);
    return new Response(body, { status: result.status, headers: result.headers });
  });
}
