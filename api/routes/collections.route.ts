import { Hono } from 'hono';
import { useCollectionBody } from '#shared/schemas/catalogue';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { currentUser, requireUser } from '../middleware/session';
import { listCollections, useCollection } from '../services/collections.service';
import { positiveIdParam, validate } from '../validation';

/** GET /api/collections (anyone: the landing tiles show them) and POST /api/collections/:id/use (signed in). */
export function collectionsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await listCollections(deps)))
    .post(
      '/:id/use',
      requireUser,
      validate('param', positiveIdParam),
      validate('json', useCollectionBody),
      async (c) => {
        try {
          return c.json(await useCollection(deps, currentUser(c), c.req.valid('param').id));
        } catch (err) {
          // Spec accounts §7: "403 with requiresPro opens the upsell" — the flag sits beside the usual error object.
          if (err instanceof AppError && err.code === 'requires_pro') {
            return c.json({ error: { code: err.code, message: err.message }, requiresPro: true as const }, 403);
          }
          throw err;
        }
      },
    );
}
