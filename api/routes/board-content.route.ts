import { Hono } from 'hono';
import { boardContentQuery } from '#shared/schemas/board-content';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { CompressedBodyCache, respondCompressedOnce } from '../middleware/compressed-once';
import { currentUser, requireUser } from '../middleware/session';
import { BoardContentCache } from '../services/board-content-cache';
import { positiveIdParam, validate } from '../validation';

export type BoardContentCaches = { pages: BoardContentCache; compressed: CompressedBodyCache };

/**
 * GET /api/boards/:id/content: paged compact cards, built once per board content version and brotli/gzip-compressed
 * once per ETag, so an unchanged page is a 304 and a page asked for again is served from kept bytes.
 * `private, no-cache`: the browser keeps it but revalidates every time (a board changes often).
 */
export function boardContentRoutes(
  deps: AppDeps,
  caches: BoardContentCaches = { pages: new BoardContentCache(), compressed: new CompressedBodyCache() },
) {
  return new Hono<AppEnv>().get(
    '/:id/content',
    requireUser,
    validate('param', positiveIdParam),
    validate('query', boardContentQuery),
    async (c) => {
      const { cursor, limit } = c.req.valid('query');
      const page = await caches.pages.page(deps, currentUser(c), c.req.valid('param').id, cursor, limit);
      return respondCompressedOnce(
        c,
        page,
        { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-cache' },
        caches.compressed,
      );
    },
  );
}
