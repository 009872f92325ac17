import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { listBookmarks } from '../services/cards.service';
import { validate } from '../validation';

/** GET /api/bookmarks?_t= : bookmarked cards across all the caller's boards (spec board-workspace §7). */
export function bookmarksRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', validate('query', z.object({ _t: z.string().optional() })), async (c) =>
      c.json(await listBookmarks(deps, currentUser(c))),
    );
}
