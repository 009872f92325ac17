import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { gameOrientations, listGames } from '../services/catalogue.service';

/** GET /api/games and GET /api/games/orientations (spec accounts §7; orientations are cached one hour, §9). */
export function gamesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await listGames(deps)))
    .get('/orientations', async (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.json(await gameOrientations(deps));
    });
}
