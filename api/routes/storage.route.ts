import { Hono } from 'hono';
import { OWN_IMAGE_DIR } from '#shared/own-images';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { notFound } from '../errors';
import { mayReadOwnImage } from '../services/own-images.service';
import { parseStoragePath } from '../storage/safe-path';
import { PRIVATE_STORAGE_CACHE_CONTROL, serveStorageFile } from '../storage/serve';
import { storageFor } from '../storage/storage-for';
import { VARIANT_DIR } from '../storage/variants';

const PREFIX = '/api/storage/';

/** The stored original a storage path shows (a variant w/<width>/<path> shows <path>), or null for a bad path. */
function originalOf(raw: string): string[] | null {
  const parsed = parseStoragePath(raw);
  if (!parsed.ok) return null;
  return parsed.segments[0] === VARIANT_DIR ? parsed.segments.slice(2) : parsed.segments;
}

/**
 * GET/HEAD /api/storage/<path> and /api/storage/w/<96|320>/<path> (spec accounts §7: images load from
 * /api/storage/...). The path is checked inside the handler, from the raw URL (SECURITY.md: never rely on a
 * path-prefix middleware to guard storage). Own images (own/...) and their variants are private: only a signed-in
 * user with a card that shows the image gets them, everyone else a 404 like a missing file; catalogue images stay
 * public.
 */
export function storageRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    const pathname = new URL(c.req.url).pathname;
    const raw = pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length) : '';
    const original = originalOf(raw);
    const isOwn = original?.[0] === OWN_IMAGE_DIR;
    if (isOwn && !(await mayReadOwnImage(deps, c.get('user'), PREFIX + original.join('/')))) throw notFound('File');
    const result = await serveStorageFile(storageFor(deps), raw, c.req.header('if-none-match'));
    if (isOwn) result.headers['Cache-Control'] = PRIVATE_STORAGE_CACHE_CONTROL;
    const body = result.status === 304 || c.req.method === 'HEAD' ? null : new Uint8Array(result.body!);
    return new Response(body, { status: result.status, headers: result.headers });
  });
}
