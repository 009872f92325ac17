import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { accountRoutes } from './account.route';
import { authRoutes } from './auth.route';
import { billingRoutes } from './billing.route';
import { boardContentRoutes } from './board-content.route';
import { boardEventsRoutes } from './board-events.route';
import { boardMembersRoutes } from './board-members.route';
import { boardOpsRoutes } from './board-ops.route';
import { boardsRoutes } from './boards.route';
import { demoBoardRoutes } from './demo-board.route';
import { exportRoutes } from './export.route';
import { bookmarksRoutes } from './bookmarks.route';
import { cardsRoutes } from './cards.route';
import { catalogueRoutes } from './catalogue.route';
import { collectionsRoutes } from './collections.route';
import { featureSearchRoutes } from './feature-search.route';
import { feedbackRoutes } from './feedback.route';
import { gamesRoutes } from './games.route';
import { invitationsRoutes } from './invitations.route';
import { healthRoutes } from './health.route';
import { ownImagesRoutes } from './own-images.route';
import { queriesRoutes } from './queries.route';
import { searchRoutes } from './search.route';
import { sectionsRoutes } from './sections.route';
import { shareRoutes } from './share.route';
import { storageRoutes } from './storage.route';
import { userRoutes } from './user.route';
import { userEventsRoutes } from './user-events.route';

/**
 * Every API resource, one sub-app each, mounted under /api. Add a resource here and nowhere else.
 */
export function apiRoutes(deps: AppDeps) {
  const api = new Hono<AppEnv>();
  api.route('/health', healthRoutes(deps));
  api.route('/', authRoutes(deps));
  api.route('/', accountRoutes(deps));
  api.route('/', userRoutes(deps));
  api.route('/', userEventsRoutes(deps));
  api.route('/', billingRoutes(deps));
  api.route('/share', shareRoutes(deps));
  api.route('/feedback', feedbackRoutes(deps));
  api.route('/', ownImagesRoutes(deps));
  api.route('/boards', boardsRoutes(deps));
  api.route('/boards', boardContentRoutes(deps));
  api.route('/boards', boardOpsRoutes(deps));
  api.route('/boards', boardEventsRoutes(deps));
  api.route('/boards', exportRoutes(deps));
  api.route('/boards', boardMembersRoutes(deps));
  api.route('/invitations', invitationsRoutes(deps));
  api.route('/demo-board', demoBoardRoutes(deps));
  api.route('/cards', cardsRoutes(deps));
  api.route('/sections', sectionsRoutes(deps));
  api.route('/bookmarks', bookmarksRoutes(deps));
  api.route('/queries', queriesRoutes(deps));
  api.route('/gemini', searchRoutes(deps));
  api.route('/storage', storageRoutes(deps));
  api.route('/games', gamesRoutes(deps));
  api.route('/', catalogueRoutes(deps));
  api.route('/collections', collectionsRoutes(deps));
  api.route('/feature-search', featureSearchRoutes(deps));
  return api;
}
