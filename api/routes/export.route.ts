import { Hono } from 'hono';
import { languageDetector } from 'hono/language';
import { DEFAULT_LOCALE, LOCALES, isLocale } from '#shared/locale';
import { exportQuery } from '#shared/schemas/export';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { exportBoard } from '../services/export/export.service';
import { attachmentDisposition } from '#shared/export-file-name';
import { positiveIdParam, validate } from '../validation';

/**
 * The browser's language (Accept-Language), for a user who never chose one: the web follows the browser for them
 * too, so the export speaks what the interface spoke. Read only, never remembered in a cookie.
 */
const browserLanguage = languageDetector({
  order: ['header'],
  supportedLanguages: [...LOCALES],
  fallbackLanguage: DEFAULT_LOCALE,
  caches: false,
});

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
      const detected = c.get('language');
      const locale = user.language ?? (isLocale(detected) ? detected : DEFAULT_LOCALE);
      const file = await exportBoard(deps, user, c.req.valid('param').id, c.req.valid('query'), locale);
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
