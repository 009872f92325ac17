import { Hono } from 'hono';
import { exportQuery } from '#shared/schemas/export';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { exportBoard } from '../services/export/export.service';
import { attachmentDisposition } from '#shared/export-file-name';
import { positiveIdParam, validate } from '../validation';

/** GET /api/boards/:id/export?format=pdf|md[&sectionId][&cardIds][&paper][&orientation][&perPage] (issue 18). */
export function exportRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/:id/export', requireUser, validate('param', positiveIdParam), validate('query', exportQuery), async (c) => {
    const file = await exportBoard(deps, currentUser(c), c.req.valid('param').id, c.req.valid('query'));
    return new Response(file.body, {
      status: 200,
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': attachmentDisposition(file.fileName),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
