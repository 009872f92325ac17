import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { notFound } from '../errors';
import { showableImage } from '../services/image-access.service';
import { PRIVATE_STORAGE_CACHE_CONTROL, serveStorageFile } from '../storage/serve';

const PREFIX = '/api/storage/';

/**
 * GET/HEAD /api/storage/<path> and /api/storage/w/<96|320>/<path> (spec accounts §7: images load from
 * /api/storage/...). The path is checked inside the handler, from the raw URL (SECURITY.md: never rely on a
 * path-prefix middleware to guard storage). Whether the viewer may see it is the one "may show" rule
 * (image-access.service, the same the exports and card writes use): own images (own/... and their variants) only
 * for a signed-in user with a card that shows the image, everyone else a 404 like a missing file, as is a path
 * that names no image file; catalogue images stay public.
 */
export function storageRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const raw = pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length) : '';
    const image = await showableImage(deps.db, c.get('user'), PREFIX + raw);
    if (!image) throw notFound('file');
    const result = await serveStorageFile(
      deps.storage,
      raw,
      c.req.header('if-none-match'),
      deps.catalogueImages?.drawNow,
    );
    if (image.ownImage !== null) result.headers['Cache-Control'] = PRIVATE_STORAGE_CACHE_CONTROL;
    const body = result.status === 304 || c.req.method === 'HEAD' ? null : new Uint8Array(result.body!);
    return new Response(body, { status: result.status, headers: result.headers });
  });
}
