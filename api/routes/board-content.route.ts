import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { boardContentQuery } from '../../shared/schemas/board-content';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { brotli } from '../middleware/brotli';
import { currentUser, requireUser } from '../middleware/session';
import { boardContentPage } from '../services/board-content.service';
import { positiveIdParam, validate } from '../validation';

/**
 * GET /api/boards/:id/content: paged compact cards, gzip/brotli-compressed, with an ETag so an unchanged page
 * is a 304. `private, no-cache`: the browser keeps it but revalidates every time (a board changes often).
 */
export function boardContentRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/:id/content',
    requireUser,
    // Post-processing runs inner first: etag, then brotli when accepted, else compress() gzips.
    compress(),
    brotli(),
    etag(),
    validate('param', positiveIdParam),
    validate('query', boardContentQuery),
    async (c) => {
      const { cursor, limit } = c.req.valid('query');
      const body = await boardContentPage(deps, currentUser(c), c.req.valid('param').id, cursor, limit);
      c.header('Cache-Control', 'private, no-cache');
      return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
    },
  );
}
