import { Hono } from 'hono';
import {
  createInvitationBody,
  invitationParam,
  inviteMemberBody,
  memberParam,
  memberRoleBody,
  upgradeRequestBody,
} from '#shared/schemas/board-members';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../middleware/session';
import { createInvitationLink, revokeInvitation } from '../services/board-invitations.service';
import { changeMemberRole, inviteMember, listMembers, removeMember } from '../services/board-members.service';
import { copyBoardForMember } from '../services/share.service';
import { mailInvitation } from '../services/invitation-mail.service';
import { askOwnerToUpgrade } from '../services/team-plan.service';
import { browserLanguage } from '../middleware/browser-language';
import { requesterOf } from './account.route';
import { positiveIdParam, validate } from '../validation';

/** A board's members and invitations, and a member's copy of it (shapes in shared/schemas/board-members.ts). */
export function boardMembersRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/:id/members', validate('param', positiveIdParam), async (c) =>
      c.json(await listMembers(deps, currentUser(c), c.req.valid('param').id)),
    )
    .post(
      '/:id/members',
      browserLanguage,
      validate('param', positiveIdParam),
      validate('json', inviteMemberBody),
      async (c) => {
        const boardId = c.req.valid('param').id;
        const { status, answer } = await inviteMember(deps, currentUser(c), boardId, c.req.valid('json'));
        // A new invitation is mailed once; asking again for a pending one only changes its role.
        if (status === 201) mailInvitation(deps, currentUser(c), boardId, answer.invitation, requesterOf(deps, c));
        return c.json(answer, status);
      },
    )
    .patch('/:id/members/:userId', validate('param', memberParam), validate('json', memberRoleBody), async (c) => {
      const { id, userId } = c.req.valid('param');
      return c.json(await changeMemberRole(deps, currentUser(c), id, userId, c.req.valid('json').role));
    })
    .delete('/:id/members/:userId', validate('param', memberParam), async (c) => {
      const { id, userId } = c.req.valid('param');
      return c.json(await removeMember(deps, currentUser(c), id, userId));
    })
    .post('/:id/invitations', validate('param', positiveIdParam), validate('json', createInvitationBody), async (c) =>
      c.json(await createInvitationLink(deps, currentUser(c), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .post(
      '/:id/upgrade-request',
      browserLanguage,
      validate('param', positiveIdParam),
      validate('json', upgradeRequestBody),
      async (c) =>
        c.json(await askOwnerToUpgrade(deps, currentUser(c), c.req.valid('param').id, requesterOf(deps, c)), 201),
    )
    .post('/:id/copy', validate('param', positiveIdParam), async (c) =>
      c.json(await copyBoardForMember(deps, currentUser(c), c.req.valid('param').id)),
    )
    .delete('/:id/invitations/:code', validate('param', invitationParam), async (c) => {
      const { id, code } = c.req.valid('param');
      return c.json(await revokeInvitation(deps, currentUser(c), id, code));
    });
}
