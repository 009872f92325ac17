import { Hono } from 'hono';
import { acceptInvitationParam } from '#shared/schemas/board-members';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { acceptInvitation, declineInvitation, listMyInvitations } from '../services/board-invitations.service';
import { validate } from '../validation';

/**
 * The signed-in person's side of invitations: GET /api/invitations lists the ones by email waiting for
 * their address; POST /api/invitations/:code/accept joins the board (a link's code too), /decline says no.
 */
export function invitationsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => c.json(await listMyInvitations(deps, currentUser(c))))
    .post('/:code/accept', validate('param', acceptInvitationParam), async (c) =>
      c.json(await acceptInvitation(deps, currentUser(c), c.req.valid('param').code)),
    )
    .post('/:code/decline', validate('param', acceptInvitationParam), async (c) =>
      c.json(await declineInvitation(deps, currentUser(c), c.req.valid('param').code)),
    );
}
