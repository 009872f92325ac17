import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { TooManyAttemptsError } from '../services/rate-limit.service';

/** A 429 from a limit kept by rate-limit.service tells the client when to try again (Retry-After, in seconds). */
export const retryAfterHeader = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.error instanceof TooManyAttemptsError) c.res.headers.set('Retry-After', String(c.error.retryAfterSeconds));
});
