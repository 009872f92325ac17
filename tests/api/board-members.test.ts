import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import {
  boardMembersAnswer,
  inviteMemberAnswer,
  invitationLink,
  myInvitationsAnswer,
} from '#shared/schemas/board-members';
import { boardList } from '#shared/schemas/board';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';
import { sessionCookieFrom } from '../helpers/auth-requests';
import { openCaughtUpStream, SseReader } from '../helpers/sse-reader';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';

/** Team boards: members, invitations, the member limit, and losing access. */
describe('board members and invitations', () => {
  let t: TestApp;
  const readers: SseReader[] = [];
  afterEach(async () => {
    await Promise.all(readers.splice(0).map((r) => r.close()));
    await t?.close();
  });

  /** A Basic owner (3 people per board) with a seeded board, and two more accounts. */
  async function team(ownerPlan: number = PLAN_IDS.basic) {
    const owner = await seedUserBoard(t, 'owner@example.com');
    await t.sql('update users set plan_id = ? where id = ?', [ownerPlan, owner.user.id]);
    const sam = await t.signIn('sam@example.com');
    const vic = await t.signIn('vic@example.com');
    return { owner, sam, vic };
  }
  const openStream = (app: TestApp, boardId: number, cookie: string) =>
    openCaughtUpStream(app, boardId, cookie, readers);
  const invite = (cookie: string, boardId: number, email: string, role: 'editor' | 'viewer', status = 201) =>
    expectJson(t, 'POST', `/api/boards/${boardId}/members`, status, { cookie, json: { email, role } });
  const myInvitations = async (cookie: string) =>
    myInvitationsAnswer.parse(await expectJson(t, 'GET', '/api/invitations', 200, { cookie })).invitations;
  /** Invited and accepted: the way anyone joins a board by email. */
  const join = async (
    ownerCookie: string,
    boardId: number,
    person: { cookie: string; user: { email: string } },
    role: 'editor' | 'viewer',
  ) => {
    const { invitation } = inviteMemberAnswer.parse(await invite(ownerCookie, boardId, person.user.email, role));
    await expectJson(t, 'POST', `/api/invitations/${invitation.code}/accept`, 200, { cookie: person.cookie });
  };
  const listedIds = async (cookie: string) =>
    boardList.parse(await expectJson(t, 'GET', '/api/boards', 200, { cookie })).map((b) => b.id);

  it('adding an existing account by email only invites it: the board is theirs once they accept, listed as shared', async () => {
    t = await createTestApp();
    const { owner, sam } = await team();
    const answer = inviteMemberAnswer.parse(await invite(owner.cookie, owner.board.id, ' Sam@Example.com ', 'editor'));
    expect(answer).toMatchObject({ status: 'invited', invitation: { email: 'sam@example.com', role: 'editor' } });
    // Nothing about the account: no user id, no name.
    expect(Object.keys(answer).sort()).toEqual(['invitation', 'status']);
    expect(Object.keys(answer.invitation)).not.toContain('userId');
    // Nothing of the board is Sam's yet: not listed, not readable.
    expect(await listedIds(sam.cookie)).not.toContain(owner.board.id);
    await expectJson(t, 'GET', `/api/cards?boardId=${owner.board.id}`, 404, { cookie: sam.cookie });
    expect(await t.sql('select * from board_members')).toEqual([]);
    // Sam sees the invitation: the board's title, who invites, the role.
    const [waiting] = await myInvitations(sam.cookie);
    expect(waiting).toMatchObject({
      code: answer.invitation.code,
      boardId: owner.board.id,
      boardTitle: 'Main Board',
      role: 'editor',
      invitedBy: { email: 'owner@example.com', name: 'owner' },
    });
    await expectJson(t, 'POST', `/api/invitations/${waiting.code}/accept`, 200, { cookie: sam.cookie });
    expect(await myInvitations(sam.cookie)).toEqual([]);

    const list = boardList.parse(await expectJson(t, 'GET', '/api/boards', 200, { cookie: sam.cookie }));
    const shared = list.find((b) => b.id === owner.board.id)!;
    expect(list.at(-1)!.id).toBe(owner.board.id);
    expect(shared.role).toBe('editor');
    expect(shared.owner).toEqual({ email: 'owner@example.com', name: 'owner' });

    const members = boardMembersAnswer.parse(
      await expectJson(t, 'GET', `/api/boards/${owner.board.id}/members`, 200, { cookie: owner.cookie }),
    );
    expect(members.members.map((m) => [m.email, m.role])).toEqual([
      ['owner@example.com', 'owner'],
      ['sam@example.com', 'editor'],
    ]);
    // A member sees the people, not the owner's invitation codes.
    const seen = boardMembersAnswer.parse(
      await expectJson(t, 'GET', `/api/boards/${owner.board.id}/members`, 200, { cookie: sam.cookie }),
    );
    expect(seen.members).toHaveLength(2);
    expect(seen.invitations).toEqual([]);

    // Any member may copy the board to their own boards (once; the copy is theirs).
    const copy = await expectJson(t, 'POST', `/api/boards/${owner.board.id}/copy`, 200, { cookie: sam.cookie });
    expect(copy.copied).toBe(true);
    expect(
      (await expectJson(t, 'POST', `/api/boards/${owner.board.id}/copy`, 200, { cookie: sam.cookie })).boardId,
    ).toBe(copy.boardId);
    expect(await expectJson(t, 'GET', `/api/cards?boardId=${copy.boardId}`, 200, { cookie: sam.cookie })).toHaveLength(
      2,
    );

    // The owner changes the role; the editor now may only look.
    await expectJson(t, 'PATCH', `/api/boards/${owner.board.id}/members/${sam.user.id}`, 200, {
      cookie: owner.cookie,
      json: { role: 'viewer' },
    });
    await expectJson(t, 'GET', `/api/cards?boardId=${owner.board.id}`, 200, { cookie: sam.cookie });
    await expectJson(t, 'POST', '/api/cards', 403, {
      cookie: sam.cookie,
      json: { boardId: owner.board.id, title: 'Not mine to add' },
    });
  });

  it('a new address gets a pending invitation, waiting after sign-up until the person accepts it', async () => {
    t = await createTestApp();
    const { owner } = await team();
    const answer = inviteMemberAnswer.parse(
      await invite(owner.cookie, owner.board.id, 'newcomer@example.com', 'viewer'),
    );
    expect(answer.status).toBe('invited');
    const pending = boardMembersAnswer.parse(
      await expectJson(t, 'GET', `/api/boards/${owner.board.id}/members`, 200, { cookie: owner.cookie }),
    );
    expect(pending.invitations.map((i) => [i.email, i.role])).toEqual([['newcomer@example.com', 'viewer']]);

    const res = await t.call('POST', '/api/auth/register', {
      json: { email: 'Newcomer@example.com', password: 'lantern-quiet-93' },
      headers: { origin: 'http://localhost' },
    });
    expect(res.status).toBe(201);
    const cookie = sessionCookieFrom(res)!;
    // Signing up joins nothing: the invitation waits in the newcomer's list.
    expect(await listedIds(cookie)).not.toContain(owner.board.id);
    // Until the address is proven, no invitation finds it (account-mail.test.ts opens the mailed link itself).
    expect(await myInvitations(cookie)).toEqual([]);
    await t.sql('update users set email_verified_at = ? where email = ?', [Date.now(), 'newcomer@example.com']);
    const [waiting] = await myInvitations(cookie);
    expect(waiting).toMatchObject({ boardId: owner.board.id, role: 'viewer' });
    await expectJson(t, 'POST', `/api/invitations/${waiting.code}/accept`, 200, { cookie });
    const list = boardList.parse(await expectJson(t, 'GET', '/api/boards', 200, { cookie }));
    expect(list.filter((b) => b.role === 'viewer').map((b) => b.id)).toEqual([owner.board.id]);
    const after = boardMembersAnswer.parse(
      await expectJson(t, 'GET', `/api/boards/${owner.board.id}/members`, 200, { cookie: owner.cookie }),
    );
    expect(after.invitations).toEqual([]);
    expect(after.members.map((m) => m.role)).toEqual(['owner', 'viewer']);
  });

  it('an invitation link: its role, its uses, its 7 days, and revoking it', async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    const { owner, sam, vic } = await team(PLAN_IDS.pro);
    const once = invitationLink.parse(
      await expectJson(t, 'POST', `/api/boards/${owner.board.id}/invitations`, 201, {
        cookie: owner.cookie,
        json: { role: 'editor', maxUses: 1 },
      }),
    );
    expect(once.url).toBe(`/invite/${once.code}`);
    // The joined board is named, with who invited (the owner's first name), for the page to say so.
    expect(await expectJson(t, 'POST', `/api/invitations/${once.code}/accept`, 200, { cookie: sam.cookie })).toEqual({
      boardId: owner.board.id,
      boardTitle: 'Main Board',
      invitedBy: 'owner',
    });
    // Accepting again changes nothing and uses nothing; a second person finds it used up.
    await expectJson(t, 'POST', `/api/invitations/${once.code}/accept`, 200, { cookie: sam.cookie });
    expect(
      (await expectJson(t, 'POST', `/api/invitations/${once.code}/accept`, 410, { cookie: vic.cookie })).error.code,
    ).toBe('invitation_used_up');

    // Two people accepting a one-use link at once: one joins, the other finds it used up.
    const race = invitationLink.parse(
      await expectJson(t, 'POST', `/api/boards/${owner.board.id}/invitations`, 201, {
        cookie: owner.cookie,
        json: { role: 'viewer', maxUses: 1 },
      }),
    );
    const racers = await Promise.all([t.signIn('racer1@example.com'), t.signIn('racer2@example.com')]);
    const raced = await Promise.all(
      racers.map(({ cookie }) =>
        t.call('POST', `/api/invitations/${race.code}/accept`, { cookie, headers: { origin: 'http://localhost' } }),
      ),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 410]);

    const week = invitationLink.parse(
      await expectJson(t, 'POST', `/api/boards/${owner.board.id}/invitations`, 201, {
        cookie: owner.cookie,
        json: { role: 'viewer' },
      }),
    );
    clock.advance(7 * 24 * 60 * 60 * 1000);
    expect(
      (await expectJson(t, 'POST', `/api/invitations/${week.code}/accept`, 410, { cookie: vic.cookie })).error.code,
    ).toBe('invitation_expired');
    const twoDays = invitationLink.parse(
      await expectJson(t, 'POST', `/api/boards/${owner.board.id}/invitations`, 201, {
        cookie: owner.cookie,
        json: { role: 'viewer', expiresInDays: 2 },
      }),
    );
    clock.advance(2 * 24 * 60 * 60 * 1000 - 1);
    await expectJson(t, 'DELETE', `/api/boards/${owner.board.id}/invitations/${twoDays.code}`, 200, {
      cookie: owner.cookie,
    });
    await expectJson(t, 'POST', `/api/invitations/${twoDays.code}/accept`, 404, { cookie: vic.cookie });
    await expectJson(t, 'DELETE', `/api/boards/${owner.board.id}/invitations/${twoDays.code}`, 404, {
      cookie: owner.cookie,
    });
    // Bad input: a clear 400, nothing written.
    const before = await t.sql('select * from board_invitations order by id');
    for (const json of [
      { role: 'owner' },
      { role: 'viewer', maxUses: 0 },
      { role: 'viewer', expiresInDays: 0 },
      { role: 'viewer', extra: 1 },
    ]) {
      expect(
        (await expectJson(t, 'POST', `/api/boards/${owner.board.id}/invitations`, 400, { cookie: owner.cookie, json }))
          .error.code,
      ).toBe('invalid_input');
    }
    await expectJson(t, 'POST', `/api/boards/${owner.board.id}/members`, 400, {
      cookie: owner.cookie,
      json: { email: 'not an email', role: 'viewer' },
    });
    expect(await t.sql('select * from board_invitations order by id')).toEqual(before);
    // Only the owner makes links; a member is told so, a stranger learns nothing.
    await expectJson(t, 'POST', `/api/boards/${owner.board.id}/invitations`, 403, {
      cookie: sam.cookie,
      json: { role: 'viewer' },
    });
    await expectJson(t, 'POST', `/api/boards/${owner.board.id}/invitations`, 404, {
      cookie: vic.cookie,
      json: { role: 'viewer' },
    });
  });

  it("a member's open streams hear their new role when the owner changes it; nobody else's do", async () => {
    t = await createTestApp();
    const { owner, sam, vic } = await team();
    await join(owner.cookie, owner.board.id, sam, 'editor');
    await join(owner.cookie, owner.board.id, vic, 'viewer');
    const samStream = await openStream(t, owner.board.id, sam.cookie);
    const vicStream = await openStream(t, owner.board.id, vic.cookie);

    await expectJson(t, 'PATCH', `/api/boards/${owner.board.id}/members/${vic.user.id}`, 200, {
      cookie: owner.cookie,
      json: { role: 'editor' },
    });
    expect(JSON.parse((await vicStream.next('role')).data)).toEqual({ role: 'editor' });
    // Inviting by email someone already there is refused (the owner sees them in the list) and changes nothing.
    expect((await invite(owner.cookie, owner.board.id, 'vic@example.com', 'viewer', 409)).error.code).toBe('conflict');
    await expectJson(t, 'PATCH', `/api/boards/${owner.board.id}/members/${vic.user.id}`, 200, {
      cookie: owner.cookie,
      json: { role: 'viewer' },
    });
    expect(JSON.parse((await vicStream.next('role')).data)).toEqual({ role: 'viewer' });
    // A refused change (a member may not) writes and tells nothing.
    await expectJson(t, 'PATCH', `/api/boards/${owner.board.id}/members/${vic.user.id}`, 403, {
      cookie: sam.cookie,
      json: { role: 'editor' },
    });

    // A change after them: up to it, Sam heard no role, and Vic none after the two.
    await expectJson(t, 'POST', `/api/boards/${owner.board.id}/ops`, 200, {
      cookie: owner.cookie,
      json: { batchId: 'role-rename-1', ops: [{ type: 'board.rename', title: 'Renamed' }] },
    });
    expect((await samStream.until('change')).map((e) => e.event)).not.toContain('role');
    expect((await vicStream.until('change')).map((e) => e.event)).not.toContain('role');
    expect(
      boardList
        .parse(await expectJson(t, 'GET', '/api/boards', 200, { cookie: vic.cookie }))
        .find((b) => b.id === owner.board.id)?.role,
    ).toBe('viewer');
  });

  it('a removed member gets 404 on the next request and their open stream closes; a member may leave', async () => {
    t = await createTestApp();
    const { owner, sam, vic } = await team();
    await join(owner.cookie, owner.board.id, sam, 'editor');
    await join(owner.cookie, owner.board.id, vic, 'viewer');
    const stream = await openStream(t, owner.board.id, sam.cookie);
    const ownerStream = await openStream(t, owner.board.id, owner.cookie);

    // The removal itself ends the stream ('gone', then the end), not a heartbeat or a lease running out. How soon is
    // not asserted against the clock here (CI's loaded cores would make it flaky): the close is sent when the removal
    // commits, on the same road as a change, whose latency `npm run bench:live` measures.
    await expectJson(t, 'DELETE', `/api/boards/${owner.board.id}/members/${sam.user.id}`, 200, {
      cookie: owner.cookie,
    });
    const rest = await stream.untilEnd();
    // (Presence, who has the board open, is told as people come and go: board-presence.test.ts; the user's own news,
    // that their boards list changed, as it changes: user-events.test.ts.)
    expect(rest.map((e) => e.event).filter((e) => e !== 'presence' && e !== 'user')).toEqual(['gone']);
    expect(JSON.parse(rest.find((e) => e.event === 'gone')!.data)).toMatchObject({ reason: 'removed' });
    await expectJson(t, 'GET', `/api/cards?boardId=${owner.board.id}`, 404, { cookie: sam.cookie });
    await expectJson(t, 'GET', `/api/boards/${owner.board.id}/events`, 404, { cookie: sam.cookie });
    expect(
      boardList.parse(await expectJson(t, 'GET', '/api/boards', 200, { cookie: sam.cookie })).map((b) => b.id),
    ).not.toContain(owner.board.id);
    // The owner's stream heard nothing of it but their own news (their boards list counts one member fewer).
    await expectJson(t, 'POST', '/api/cards', 201, {
      cookie: owner.cookie,
      json: { boardId: owner.board.id, title: 'Still here' },
    });
    expect((await ownerStream.next((e) => e.event !== 'presence' && e.event !== 'user')).event).toBe('change');

    // A viewer removes only themself; the owner cannot leave.
    await expectJson(t, 'DELETE', `/api/boards/${owner.board.id}/members/${owner.user.id}`, 403, {
      cookie: vic.cookie,
    });
    await expectJson(t, 'DELETE', `/api/boards/${owner.board.id}/members/${owner.user.id}`, 409, {
      cookie: owner.cookie,
    });
    await expectJson(t, 'DELETE', `/api/boards/${owner.board.id}/members/${vic.user.id}`, 200, { cookie: vic.cookie });
    await expectJson(t, 'GET', `/api/boards/${owner.board.id}/members`, 404, { cookie: vic.cookie });
  });

  it('on PostgreSQL a member removed through one instance loses the stream they hold open on another', async (ctx) => {
    t = await createTestApp();
    if (t.dialect !== 'postgres') return ctx.skip();
    const other = await createTestApp({ sharedWith: t });
    try {
      const { owner, sam } = await team();
      await join(owner.cookie, owner.board.id, sam, 'viewer');
      const stream = await openStream(other, owner.board.id, sam.cookie);
      await expectJson(t, 'DELETE', `/api/boards/${owner.board.id}/members/${sam.user.id}`, 200, {
        cookie: owner.cookie,
      });
      expect((await stream.untilEnd()).map((e) => e.event).filter((e) => e !== 'presence')).toEqual(['gone']);
      expect((await other.call('GET', `/api/cards?boardId=${owner.board.id}`, { cookie: sam.cookie })).status).toBe(
        404,
      );
    } finally {
      await Promise.all(readers.splice(0).map((r) => r.close()));
      await other.close();
    }
  });

  it('the member limit is the owner’s plan’s: Free 1 (the owner alone), Basic 3, pending invitations included', async () => {
    t = await createTestApp();
    const { owner } = await team(PLAN_IDS.free);
    const before = await dumpBoardTables(t);
    const refused = await invite(owner.cookie, owner.board.id, 'sam@example.com', 'viewer', 403);
    expect(refused.error.code).toBe('member_limit');
    await invite(owner.cookie, owner.board.id, 'new@example.com', 'viewer', 403);
    expect(await t.sql('select * from board_members')).toEqual([]);
    expect(await dumpBoardTables(t)).toBe(before);

    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.basic, owner.user.id]);
    await invite(owner.cookie, owner.board.id, 'sam@example.com', 'viewer');
    await invite(owner.cookie, owner.board.id, 'new@example.com', 'viewer');
    expect((await invite(owner.cookie, owner.board.id, 'vic@example.com', 'viewer', 403)).error.code).toBe(
      'member_limit',
    );
    const link = invitationLink.parse(
      await expectJson(t, 'POST', `/api/boards/${owner.board.id}/invitations`, 201, {
        cookie: owner.cookie,
        json: { role: 'viewer' },
      }),
    );
    const vic = await t.signIn('vic@example.com');
    expect(
      (await expectJson(t, 'POST', `/api/invitations/${link.code}/accept`, 403, { cookie: vic.cookie })).error.code,
    ).toBe('member_limit');
  });
  it('answers the same for an address with an account and one without, so adding by email tells no one who has one', async () => {
    t = await createTestApp();
    const { owner } = await team(PLAN_IDS.pro);
    const shape = (res: { status: number; body: string }) => ({
      status: res.status,
      body: JSON.parse(
        res.body
          .replace(/"code":"[^"]+"/, '"code":"…"')
          .replace(/"createdAt":"[^"]+"/, '"createdAt":"…"')
          .replace(/"email":"[^"]+"/, '"email":"…"'),
      ),
    });
    const post = async (email: string) => {
      const res = await t.call('POST', `/api/boards/${owner.board.id}/members`, {
        cookie: owner.cookie,
        json: { email, role: 'viewer' },
        headers: { origin: 'http://localhost' },
      });
      return { status: res.status, body: await res.text() };
    };
    const known = await post('sam@example.com');
    const unknown = await post('nobody-here@example.com');
    expect(known.status).toBe(201);
    expect(shape(known)).toEqual(shape(unknown));
    expect(Object.keys(JSON.parse(known.body).invitation).sort()).toEqual([
      'code',
      'createdAt',
      'email',
      'expiresAt',
      'maxUses',
      'role',
      'uses',
    ]);
    // Asking again: 200 for both alike.
    expect(shape(await post('sam@example.com'))).toEqual(shape(await post('nobody-here@example.com')));
  });

  it('the invitee declines: the invitation is gone and the board never appears; nobody else may answer it', async () => {
    t = await createTestApp();
    const { owner, sam, vic } = await team();
    const { invitation } = inviteMemberAnswer.parse(
      await invite(owner.cookie, owner.board.id, 'sam@example.com', 'editor'),
    );
    // Vic neither sees it nor may accept or decline it: the same 404 as a code that never existed.
    expect(await myInvitations(vic.cookie)).toEqual([]);
    const before = await dumpBoardTables(t);
    await expectJson(t, 'POST', `/api/invitations/${invitation.code}/accept`, 404, { cookie: vic.cookie });
    await expectJson(t, 'POST', `/api/invitations/${invitation.code}/decline`, 404, { cookie: vic.cookie });
    expect(await dumpBoardTables(t)).toBe(before);

    await expectJson(t, 'POST', `/api/invitations/${invitation.code}/decline`, 200, { cookie: sam.cookie });
    expect(await myInvitations(sam.cookie)).toEqual([]);
    expect(await listedIds(sam.cookie)).not.toContain(owner.board.id);
    await expectJson(t, 'POST', `/api/invitations/${invitation.code}/accept`, 404, { cookie: sam.cookie });
    const members = boardMembersAnswer.parse(
      await expectJson(t, 'GET', `/api/boards/${owner.board.id}/members`, 200, { cookie: owner.cookie }),
    );
    expect(members.invitations).toEqual([]);
    expect(members.members.map((m) => m.email)).toEqual(['owner@example.com']);
    // A link's code is not declined by anyone (it is not theirs alone).
    const link = invitationLink.parse(
      await expectJson(t, 'POST', `/api/boards/${owner.board.id}/invitations`, 201, {
        cookie: owner.cookie,
        json: { role: 'viewer' },
      }),
    );
    await expectJson(t, 'POST', `/api/invitations/${link.code}/decline`, 404, { cookie: sam.cookie });
  });

  it('throttles invitations per owner, on every instance, with 429 and Retry-After', async () => {
    t = await createTestApp({ env: { LOOT_INVITATIONS_PER_HOUR: '3' } });
    const other = await createTestApp({ sharedWith: t, env: { LOOT_INVITATIONS_PER_HOUR: '3' } });
    try {
      const { owner } = await team(PLAN_IDS.pro);
      const second = await seedUserBoard(t, 'second-owner@example.com');
      await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.pro, second.user.id]);
      await invite(owner.cookie, owner.board.id, 'a@example.com', 'viewer');
      await invite(owner.cookie, owner.board.id, 'b@example.com', 'viewer');
      await expectJson(other, 'POST', `/api/boards/${owner.board.id}/members`, 201, {
        cookie: owner.cookie,
        json: { email: 'c@example.com', role: 'viewer' },
      });
      const before = await dumpBoardTables(t);
      const refused = await other.call('POST', `/api/boards/${owner.board.id}/members`, {
        cookie: owner.cookie,
        json: { email: 'd@example.com', role: 'viewer' },
        headers: { origin: 'http://localhost' },
      });
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/Too many invitations/);
      expect(await dumpBoardTables(t)).toBe(before);
      // Another owner has their own allowance; an hour later the first may invite again.
      await invite(second.cookie, second.board.id, 'd@example.com', 'viewer');
      (t.deps.clock as unknown as { advance(ms: number): void }).advance(60 * 60_000 + 1_000);
      await invite(owner.cookie, owner.board.id, 'd@example.com', 'viewer');
    } finally {
      await other.close();
    }
  });
});
