import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addMember, expectJson, seedUserBoard } from './fixtures/board-api';
import { ownImageRows, solidPng, upload } from './fixtures/own-images';

/** Team boards, whose plan counts: the runner's usage, the owner's storage, the owner's lock. */
describe('whose plan a member’s work counts toward', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function ownerWithEditor() {
    const owner = await seedUserBoard(t, 'owner@example.com');
    await t.sql('update users set plan_id = ?, usage_count = 0 where id = ?', [PLAN_IDS.basic, owner.user.id]);
    const editor = await t.signIn('editor@example.com', { usageCount: 0, monthlyLimit: 5 });
    await addMember(t, owner.board.id, owner.cookie, { email: 'editor@example.com', role: 'editor' });
    return { owner, editor };
  }
  const usage = async (userId: number) =>
    Number((await t.sql<{ n: number }>('select usage_count n from users where id = ?', [userId]))[0].n);

  it('a query an editor runs on the owner’s board counts toward the editor’s own monthly usage', async () => {
    t = await createTestApp({ catalogue: 'demo' });
    const { owner, editor } = await ownerWithEditor();
    const answer = await expectJson(t, 'POST', '/api/gemini/process', 200, {
      cookie: editor.cookie,
      json: { query: 'starter packs in match-3 games', boardId: owner.board.id },
    });
    expect(answer.success).toBe(true);
    expect(await usage(editor.user.id)).toBe(1);
    expect(await usage(owner.user.id)).toBe(0);
    const [query] = await t.sql<{ user_id: number; board_id: number }>(
      'select user_id, board_id from queries order by id desc limit 1',
    );
    expect([Number(query.user_id), Number(query.board_id)]).toEqual([editor.user.id, owner.board.id]);
  });

  it('an own image an editor adds counts toward the owner’s storage, and every member may see it', async () => {
    t = await createTestApp();
    const { owner, editor } = await ownerWithEditor();
    const res = await upload(t, `/api/boards/${owner.board.id}/images`, {
      cookie: editor.cookie,
      file: await solidPng(),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const card = (await res.json()) as { images: string[] };
    expect((await ownImageRows(t)).map((r) => Number(r.user_id))).toEqual([owner.user.id]);
    const ownerStorage = await expectJson(t, 'GET', '/api/user/storage', 200, { cookie: owner.cookie });
    expect(ownerStorage.usedBytes).toBeGreaterThan(0);
    expect((await expectJson(t, 'GET', '/api/user/storage', 200, { cookie: editor.cookie })).usedBytes).toBe(0);
    const image = await t.call('GET', card.images[0], { cookie: editor.cookie });
    expect(image.status).toBe(200);
    // A viewer may see it but add none (403); a stranger neither (404), and nothing is stored.
    const viewer = await t.signIn('viewer@example.com');
    await addMember(t, owner.board.id, owner.cookie, { email: 'viewer@example.com', role: 'viewer' });
    expect((await t.call('GET', card.images[0], { cookie: viewer.cookie })).status).toBe(200);
    const stranger = await t.signIn('stranger@example.com');
    expect((await t.call('GET', card.images[0], { cookie: stranger.cookie })).status).toBe(404);
    const rowsBefore = await ownImageRows(t);
    expect(
      (
        await upload(t, `/api/boards/${owner.board.id}/images`, {
          cookie: viewer.cookie,
          file: await solidPng(30, 30, '#3d3'),
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await upload(t, `/api/boards/${owner.board.id}/images`, {
          cookie: stranger.cookie,
          file: await solidPng(30, 30, '#3d3'),
        })
      ).status,
    ).toBe(404);
    expect(await ownImageRows(t)).toEqual(rowsBefore);
  });

  it('a free owner’s locked sections are locked for every member', async () => {
    t = await createTestApp();
    const { owner, editor } = await ownerWithEditor();
    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.free, owner.user.id]);
    // A board named for locking: the free plan locks sections past the first few (shared/section-lock.ts).
    for (let i = 0; i < 6; i += 1) {
      const section = await expectJson(t, 'POST', '/api/sections', 201, {
        cookie: owner.cookie,
        json: { boardId: owner.board.id, title: `S${i}`, color: '#FDE2E4' },
      });
      await expectJson(t, 'POST', '/api/cards', 201, {
        cookie: owner.cookie,
        json: { boardId: owner.board.id, sectionId: section.id, title: `In S${i}` },
      });
    }
    const ownerView = await expectJson(t, 'GET', `/api/sections?boardId=${owner.board.id}`, 200, {
      cookie: owner.cookie,
    });
    const editorView = await expectJson(t, 'GET', `/api/sections?boardId=${owner.board.id}`, 200, {
      cookie: editor.cookie,
    });
    expect(ownerView.some((s: { locked: boolean }) => s.locked)).toBe(true);
    expect(editorView).toEqual(ownerView);
    const ownerCards = await expectJson(t, 'GET', `/api/cards?boardId=${owner.board.id}`, 200, {
      cookie: owner.cookie,
    });
    expect(await expectJson(t, 'GET', `/api/cards?boardId=${owner.board.id}`, 200, { cookie: editor.cookie })).toEqual(
      ownerCards,
    );
  });
});
