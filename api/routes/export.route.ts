import { Hono } from 'hono';
import { exportQuery } from '#shared/schemas/export';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { browserLanguage, userLocale } from '../middleware/browser-language';
import { currentUser, requireUser } from '../middleware/session';
import { exportBoard } from '../services/export/export.service';
import { attachmentDisposition } from '#shared/export-file-name';
import { positiveIdParam, validate } from '../validation';

/**
 * Whether a request, as the node server sees it, is an export: the drain lets one in flight run past
 * LOOT_SHUTDOWN_TIMEOUT_MS, up to LOOT_SHUTDOWN_EXPORT_CAP_MS (api/ops/graceful-shutdown.ts). The path is the one
 * this sub-app answers where api/routes/index.ts mounts it under /api/boards.
 */
export function isExportRequest(req: { method?: string; url?: string }): boolean {
  return req.method === 'GET' && /^\/api\/boards\/\d+\/export(?:[?#]|$)/.test(req.url ?? '');
}

/**
 * GET /api/boards/:id/export?format=pdf|md[&sectionId][&cardIds][&paper][&orientation][&perPage], in the
 * user's language.
 */
export function exportRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/:id/export',
    requireUser,
    browserLanguage,
    validate('param', positiveIdParam),
    validate('query', exportQuery),
    async (c) => {
      const user = currentUser(c);
      const file = await exportBoard(deps, user, c.req.valid('param').id, c.req.valid('query'), userLocale(c, user));
      return new Response(file.body, {
        status: 200,
        headers: {
          'Content-Type': file.contentType,
          'Content-Disposition': attachmentDisposition(file.fileName),
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  );
}
