import { Hono } from 'hono';
import { acceptInvitationParam } from '#shared/schemas/board-members';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { acceptInvitation } from '../services/board-invitations.service';
import { validate } from '../validation';

/** POST /api/invitations/:code/accept: the signed-in user joins the board an invitation link names (issue #29). */
export function invitationsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post('/:code/accept', validate('param', acceptInvitationParam), async (c) =>
      c.json(await acceptInvitation(deps, currentUser(c), c.req.valid('param').code)),
    );
}
