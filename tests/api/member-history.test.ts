import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import { changesAnswer, opsResult } from '#shared/schemas/board-ops';
import { invitationLink } from '#shared/schemas/board-members';
import { SseReader } from '../helpers/sse-reader';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectJson, seedUserBoard } from './fixtures/board-api';

/**
 * A member's history starts when they joined: the changes feed and the event stream never tell them a change made
 * before (a deleted card's text, an old board title). An older `since` gets `reload`: the board as it is now.
 */
describe('a member’s history starts when they joined', () => {
  let t: TestApp;
  const readers: SseReader[] = [];
  afterEach(async () => {
    await Promise.all(readers.splice(0).map((r) => r.close()));
    await t?.close();
  });

  it('changes?since= and events?since= from before joining answer reload, never the earlier changes', async () => {
    t = await createTestApp();
    const owner = await seedUserBoard(t, 'owner@example.com');
    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.basic, owner.user.id]);
    const boardId = owner.board.id;
    let batch = 0;
    const ops = async (cookie: string, list: unknown[]) =>
      opsResult.parse(
        await expectJson(t, 'POST', `/api/boards/${boardId}/ops`, 200, {
          cookie,
          json: { batchId: `history-${(batch += 1)}`, ops: list },
        }),
      );

    // Before anyone joins: a card with a secret, deleted, and a board title changed away.
    const before = (await ops(owner.cookie, [{ type: 'board.rename', title: 'Main Board' }])).change.version;
    const secret = await ops(owner.cookie, [
      { type: 'card.create', ref: 's', card: { title: 'password: hunter2', position: { x: 0, y: 0 } } },
    ]);
    await ops(owner.cookie, [{ type: 'card.delete', id: secret.refs.s }]);
    await ops(owner.cookie, [{ type: 'board.rename', title: 'Old secret title' }]);
    const joinedAt = (await ops(owner.cookie, [{ type: 'board.rename', title: 'Team board' }])).change.version;
    // The owner's own history is whole: the secret is in it (so the member's answers below could have held it).
    const ownerFeed = await t.call('GET', `/api/boards/${boardId}/changes?since=${before}`, { cookie: owner.cookie });
    expect(await ownerFeed.text()).toContain('hunter2');

    const link = invitationLink.parse(
      await expectJson(t, 'POST', `/api/boards/${boardId}/invitations`, 201, {
        cookie: owner.cookie,
        json: { role: 'editor' },
      }),
    );
    const member = await t.signIn('member@example.com');
    await expectJson(t, 'POST', `/api/invitations/${link.code}/accept`, 200, { cookie: member.cookie });

    for (const since of [0, 1, before, joinedAt - 1]) {
      const res = await t.call('GET', `/api/boards/${boardId}/changes?since=${since}`, { cookie: member.cookie });
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(changesAnswer.parse(JSON.parse(text)), `since=${since}`).toEqual({ kind: 'reload', version: joinedAt });
      expect(text).not.toMatch(/hunter2|Old secret title/);
    }
    // From the version they joined at, they hear every change, as the owner does.
    const moved = await ops(owner.cookie, [{ type: 'card.move', id: owner.cards[1].id, position: { x: 7, y: 7 } }]);
    const after = changesAnswer.parse(
      await expectJson(t, 'GET', `/api/boards/${boardId}/changes?since=${joinedAt}`, 200, { cookie: member.cookie }),
    );
    expect(after.kind === 'changes' && after.changes.map((c) => c.version)).toEqual([moved.change.version]);

    // The stream resumed from before joining starts with a reload, and tells no earlier change.
    const resumes: Record<string, string>[] = [{}, { 'last-event-id': String(before) }];
    for (const headers of resumes) {
      const url = Object.keys(headers).length
        ? `/api/boards/${boardId}/events`
        : `/api/boards/${boardId}/events?since=1`;
      const res = await t.call('GET', url, { cookie: member.cookie, headers });
      expect(res.status).toBe(200);
      const stream = new SseReader(res.body!);
      readers.push(stream);
      // (The user's own news, the member's join announced a moment later on PostgreSQL, is not the board's.)
      const first = (await stream.until('ready')).filter((e) => e.event !== 'user');
      expect(first.map((e) => e.event)).toEqual(['reload', 'ready']);
      expect(JSON.parse(first[0].data)).toEqual({ version: moved.change.version });
      expect(JSON.stringify(first)).not.toMatch(/hunter2|Old secret title/);
    }
  });
});
