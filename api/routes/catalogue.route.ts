import { Hono } from 'hono';
import { gameInfoQuery } from '#shared/schemas/catalogue';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { gameInfo, randomRecord } from '../services/catalogue.service';
import { validate } from '../validation';

/** GET /api/game-info?gameName= and GET /api/database/random-record (spec accounts §7, board-workspace §7). */
export function catalogueRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/game-info', validate('query', gameInfoQuery), async (c) =>
      c.json(await gameInfo(deps, c.req.valid('query').gameName)),
    )
    .get('/database/random-record', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await randomRecord(deps));
    });
}
