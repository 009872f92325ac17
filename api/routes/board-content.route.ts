import { Hono } from 'hono';
import { boardContentQuery } from '../../shared/schemas/board-content';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { CompressedBodyCache, respondCompressedOnce } from '../middleware/compressed-once';
import { currentUser, requireUser } from '../middleware/session';
import { boardContentPage } from '../services/board-content.service';
import { positiveIdParam, validate } from '../validation';

/**
 * GET /api/boards/:id/content: paged compact cards, brotli/gzip-compressed once per ETag, so an unchanged page
 * is a 304 and a page asked for again is served from the compressed bytes. `private, no-cache`: the browser keeps
 * it but revalidates every time (a board changes often).
 */
export function boardContentRoutes(deps: AppDeps, cache = new CompressedBodyCache()) {
  return new Hono<AppEnv>().get(
    '/:id/content',
    requireUser,
    validate('param', positiveIdParam),
    validate('query', boardContentQuery),
    (c) => {
      const { cursor, limit } = c.req.valid('query');
      const body = boardContentPage(deps, currentUser(c), c.req.valid('param').id, cursor, limit);
      return respondCompressedOnce(c, body, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-cache' }, cache);
    },
  );
}
