import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addMember, expectJson, seedUserBoard } from './fixtures/board-api';

/**
 * The board's first auto-layout is done once for everyone (spec board-workspace §3): the flag lives on
 * the board, is set through the ops door (board.autoLayoutDone) by an editor or the owner, and every screen hears it.
 */
describe('board.autoLayoutDone', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('is set by the owner or an editor, told with the change, listed with the board; a viewer 403, a stranger 404, writing nothing', async () => {
    t = await createTestApp();
    const owner = await seedUserBoard(t, 'owner@example.com');
    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.pro, owner.user.id]);
    const editor = await t.signIn('editor@example.com');
    const viewer = await t.signIn('viewer@example.com');
    const stranger = await t.signIn('stranger@example.com');
    for (const [email, role] of [
      ['editor@example.com', 'editor'],
      ['viewer@example.com', 'viewer'],
    ] as const) {
      await addMember(t, owner.board.id, owner.cookie, { email, role });
    }
    const flag = async () =>
      (await t.sql<{ f: number }>('select auto_layout_done f from boards where id = ?', [owner.board.id]))[0].f;
    const listed = async (cookie: string) =>
      (await expectJson(t, 'GET', '/api/boards', 200, { cookie })).find((b: { id: number }) => b.id === owner.board.id);
    const send = (cookie: string, value: boolean, status: number, batchId: string) =>
      expectJson(t, 'POST', `/api/boards/${owner.board.id}/ops`, status, {
        cookie,
        json: { batchId, ops: [{ type: 'board.autoLayoutDone', value }] },
      });
    expect(await flag()).toBe(0);
    expect((await listed(viewer.cookie)).autoLayoutDone).toBe(0);

    expect((await send(viewer.cookie, true, 403, 'layout-viewer')).error.code).toBe('forbidden');
    expect((await send(stranger.cookie, true, 404, 'layout-stranger')).error.code).toBe('not_found');
    expect(await flag()).toBe(0);

    const { version } = await expectJson(t, 'GET', `/api/boards/${owner.board.id}/content`, 200, {
      cookie: viewer.cookie,
    });
    const { change } = await send(editor.cookie, true, 200, 'layout-editor');
    expect(change.board).toEqual({ title: 'Main Board', autoLayoutDone: true });
    expect(await flag()).toBe(1);
    expect((await listed(viewer.cookie)).autoLayoutDone).toBe(1);
    expect((await listed(owner.cookie)).autoLayoutDone).toBe(1);
    // Every screen hears it from the change log too.
    const heard = await expectJson(t, 'GET', `/api/boards/${owner.board.id}/changes?since=${version}`, 200, {
      cookie: viewer.cookie,
    });
    expect(heard.changes.map((c: { board: unknown }) => c.board)).toEqual([
      { title: 'Main Board', autoLayoutDone: true },
    ]);
    expect(heard.changes[0].board).toEqual({ title: 'Main Board', autoLayoutDone: true });

    await send(owner.cookie, false, 200, 'layout-owner-clear');
    expect(await flag()).toBe(0);
    await expectJson(t, 'POST', `/api/boards/${owner.board.id}/ops`, 400, {
      cookie: owner.cookie,
      json: { batchId: 'layout-bad', ops: [{ type: 'board.autoLayoutDone' }] },
    });
    expect(await flag()).toBe(0);
  });
});
