import { Hono } from 'hono';
import { feedbackBody } from '#shared/schemas/feedback';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { recordFeedback } from '../services/feedback.service';
import { validate } from '../validation';

export function feedbackRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/', requireUser, validate('json', feedbackBody), async (c) =>
    c.json(await recordFeedback(deps, currentUser(c), c.req.valid('json')), 201),
  );
}
