import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { checkUsageReset, resetUsage } from '../services/usage.service';
import { updateUserSettings } from '../services/user-settings.service';
import { validate } from '../validation';
import { resetUsageBody } from '#shared/schemas/auth';
import { toPublicUser, userSettingsBody } from '#shared/schemas/user';

/** A user's own data is never kept by a shared cache or the back button. */
const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'private, no-store');
});

/** The signed-in user, their settings (language) and their monthly usage reset (spec accounts §7); 401 JSON for guests. */
export function userRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/current-user', noStore, requireUser, (c) => c.json(toPublicUser(currentUser(c))))
      .patch('/current-user', noStore, requireUser, validate('json', userSettingsBody), async (c) =>
        c.json(await updateUserSettings(deps, currentUser(c).id, c.req.valid('json'))),
      )
      .get('/auth/user', noStore, requireUser, (c) => c.json(toPublicUser(currentUser(c))))
      .get('/auth/check-usage-reset', noStore, requireUser, (c) =>
        c.json(checkUsageReset(currentUser(c), deps.clock.now())),
      )
      // The body's newResetDate is checked to be a date and then ignored: only the stored reset date decides.
      .post('/auth/reset-usage', requireUser, validate('json', resetUsageBody), async (c) =>
        c.json(toPublicUser(await resetUsage(deps, currentUser(c).id))),
      )
  );
}
