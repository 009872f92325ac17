import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import { invitationLink, invitationPreview, inviteMemberAnswer } from '#shared/schemas/board-members';
import { PREVIEWS_PER_CLIENT } from '../../api/services/board-invitations.service';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';
import { expectJson, seedUserBoard } from './fixtures/board-api';

/**
 * What an invitation link tells before its holder signs in (GET /api/invitations/:code/preview): the board's
 * title and who invites, nothing more, and only while the invitation works.
 */
describe('invitation previews', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function owner() {
    const seeded = await seedUserBoard(t, 'olive@example.com');
    await t.sql('update users set plan_id = ?, first_name = ? where id = ?', [PLAN_IDS.pro, 'Olive', seeded.user.id]);
    const link = (json: Record<string, unknown>) =>
      expectJson(t, 'POST', `/api/boards/${seeded.board.id}/invitations`, 201, { cookie: seeded.cookie, json }).then(
        (answer) => invitationLink.parse(answer).code,
      );
    return { ...seeded, link };
  }
  const members = async (boardId: number) =>
    (await t.sql<{ n: number }>('select count(*) as n from board_members where board_id = ?', [boardId]))[0].n;

  it('names the board and the inviter to anyone holding a working link, signed in or not, and joins no one', async () => {
    t = await createTestApp();
    const olive = await owner();
    const code = await olive.link({ role: 'editor', maxUses: 1 });
    const before = await members(olive.board.id);
    const preview = await expectJson(t, 'GET', `/api/invitations/${code}/preview`, 200);
    expect(preview).toEqual({ boardTitle: 'Main Board', invitedBy: 'Olive' });
    // Exactly these two: no address, no ids, no role or uses.
    expect(Object.keys(invitationPreview.strict().parse(preview)).sort()).toEqual(['boardTitle', 'invitedBy']);
    const sam = await t.signIn('sam@example.com');
    expect(await expectJson(t, 'GET', `/api/invitations/${code}/preview`, 200, { cookie: sam.cookie })).toEqual(
      preview,
    );
    expect(await members(olive.board.id)).toBe(before);

    // An owner with no first name is not named by address: the preview says nobody.
    await t.sql('update users set first_name = null where id = ?', [olive.user.id]);
    expect(await expectJson(t, 'GET', `/api/invitations/${code}/preview`, 200)).toEqual({
      boardTitle: 'Main Board',
      invitedBy: null,
    });
  });

  it('answers an email invitation too, whose mail already names the board and the inviter', async () => {
    t = await createTestApp();
    const olive = await owner();
    const { invitation } = inviteMemberAnswer.parse(
      await expectJson(t, 'POST', `/api/boards/${olive.board.id}/members`, 201, {
        cookie: olive.cookie,
        json: { email: 'newcomer@example.com', role: 'viewer' },
      }),
    );
    expect(await expectJson(t, 'GET', `/api/invitations/${invitation.code}/preview`, 200)).toEqual({
      boardTitle: 'Main Board',
      invitedBy: 'Olive',
    });
  });

  it('says nothing of a link that no longer works: used up, expired, revoked, unknown or malformed', async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    const olive = await owner();
    const once = await olive.link({ role: 'viewer', maxUses: 1 });
    const sam = await t.signIn('sam@example.com');
    await expectJson(t, 'POST', `/api/invitations/${once}/accept`, 200, { cookie: sam.cookie });
    const usedUp = await expectJson(t, 'GET', `/api/invitations/${once}/preview`, 410);
    expect(usedUp.error.code).toBe('invitation_used_up');
    expect(JSON.stringify(usedUp)).not.toContain('Main Board');

    const revoked = await olive.link({ role: 'viewer' });
    await expectJson(t, 'DELETE', `/api/boards/${olive.board.id}/invitations/${revoked}`, 200, {
      cookie: olive.cookie,
    });
    expect((await expectJson(t, 'GET', `/api/invitations/${revoked}/preview`, 404)).error.code).toBe('not_found');
    expect((await expectJson(t, 'GET', `/api/invitations/${'x'.repeat(24)}/preview`, 404)).error.message).not.toContain(
      'Main Board',
    );
    expect((await expectJson(t, 'GET', '/api/invitations/not%20a%20code/preview', 400)).error).toBeDefined();

    const week = await olive.link({ role: 'viewer' });
    expect(await expectJson(t, 'GET', `/api/invitations/${week}/preview`, 200)).toMatchObject({
      boardTitle: 'Main Board',
    });
    clock.advance(7 * 24 * 60 * 60 * 1000);
    expect((await expectJson(t, 'GET', `/api/invitations/${week}/preview`, 410)).error.code).toBe('invitation_expired');
  });

  it('is limited per client address: past the limit a 429 with Retry-After, for good codes too', async () => {
    t = await createTestApp();
    const olive = await owner();
    const code = await olive.link({ role: 'viewer' });
    for (let i = 0; i < PREVIEWS_PER_CLIENT; i += 1)
      await expectJson(t, 'GET', `/api/invitations/${'y'.repeat(20)}${i}/preview`, 404);
    const res = await t.call('GET', `/api/invitations/${code}/preview`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await res.json();
    expect(body.error.code).toBe('too_many_attempts');
    expect(JSON.stringify(body)).not.toContain('Main Board');
  });
});
