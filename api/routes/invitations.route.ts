import { Hono } from 'hono';
import { acceptInvitationParam } from '#shared/schemas/board-members';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import {
  acceptInvitation,
  declineInvitation,
  listMyInvitations,
  previewInvitation,
} from '../services/board-invitations.service';
import { clientAddress } from '../auth/client-address';
import { validate } from '../validation';

/**
 * The invited person's side of invitations. Signed in or not, GET /api/invitations/:code/preview names the board
 * and who invites, for sign-in to say what the link is for. Signed in: GET /api/invitations lists the ones by email
 * waiting for their address; POST /api/invitations/:code/accept joins the board (a link's code too), /decline
 * says no.
 */
export function invitationsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/:code/preview', validate('param', acceptInvitationParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      const ip = clientAddress(c, deps.config.trustedProxies);
      return c.json(await previewInvitation(deps, c.req.valid('param').code, ip));
    })
    .use(requireUser)
    .get('/', async (c) => c.json(await listMyInvitations(deps, currentUser(c))))
    .post('/:code/accept', validate('param', acceptInvitationParam), async (c) =>
      c.json(await acceptInvitation(deps, currentUser(c), c.req.valid('param').code)),
    )
    .post('/:code/decline', validate('param', acceptInvitationParam), async (c) =>
      c.json(await declineInvitation(deps, currentUser(c), c.req.valid('param').code)),
    );
}
