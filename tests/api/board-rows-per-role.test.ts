import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectJson, seedUserBoard } from './fixtures/board-api';

/**
 * Board rows are shaped per role: only the owner learns the board's share state (whether it is shared by link, and
 * the share code). An editor's or a viewer's answer from every route that returns a board row lists exactly the
 * fields below, and never carries the code.
 */
const MEMBER_FIELDS = ['autoLayoutDone', 'createdAt', 'id', 'slug', 'title', 'updatedAt', 'userId'];
const OWNER_FIELDS = [...MEMBER_FIELDS, 'isShared'].sort();
const OWNER_WRITE_FIELDS = [...OWNER_FIELDS, 'shareCode'].sort();
const keys = (row: object) => Object.keys(row).sort();

describe('board rows per role', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('the owner gets the share state; editors and viewers get the same row without it, on every route', async () => {
    t = await createTestApp();
    const owner = await seedUserBoard(t, 'owner@example.com');
    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.basic, owner.user.id]);
    const boardId = owner.board.id;
    const editor = await t.signIn('editor@example.com');
    const viewer = await t.signIn('viewer@example.com');
    await t.sql('insert into board_members (board_id, user_id, role) values (?, ?, ?), (?, ?, ?)', [
      boardId,
      editor.user.id,
      'editor',
      boardId,
      viewer.user.id,
      'viewer',
    ]);

    // Created and shared by its owner: the owner's answers carry the code.
    expect(keys(owner.board)).toEqual(OWNER_WRITE_FIELDS);
    // Reading the share state writes nothing: not shared, no code, and still not shared after the read.
    const unshared = await expectJson(t, 'GET', `/api/boards/${boardId}/share`, 200, { cookie: owner.cookie });
    expect(keys(unshared)).toEqual(OWNER_WRITE_FIELDS);
    expect(unshared).toMatchObject({ isShared: 0, shareCode: null });
    expect(await t.sql('select is_shared, share_code from boards where id = ?', [boardId])).toEqual([
      { is_shared: 0, share_code: null },
    ]);
    const shared = await expectJson(t, 'PATCH', `/api/boards/${boardId}`, 200, {
      cookie: owner.cookie,
      json: { isShared: 1 },
    });
    expect(keys(shared)).toEqual(OWNER_WRITE_FIELDS);
    const code: string = shared.shareCode;
    expect(code).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const renamedByOwner = await expectJson(t, 'PATCH', `/api/boards/${boardId}`, 200, {
      cookie: owner.cookie,
      json: { title: 'By the owner' },
    });
    expect(renamedByOwner).toMatchObject({ isShared: 1, shareCode: code });
    const read = await expectJson(t, 'GET', `/api/boards/${boardId}/share`, 200, { cookie: owner.cookie });
    expect(read).toMatchObject({ isShared: 1, shareCode: code });

    const ownList = await expectJson(t, 'GET', '/api/boards', 200, { cookie: owner.cookie });
    const ownRow = ownList.find((b: { id: number }) => b.id === boardId);
    expect(keys(ownRow)).toEqual([...OWNER_FIELDS, 'role'].sort());
    expect(ownRow.isShared).toBe(1);

    for (const member of [editor, viewer]) {
      const list = await t.call('GET', '/api/boards', { cookie: member.cookie });
      const text = await list.text();
      expect(text).not.toContain(code);
      const row = (JSON.parse(text) as { id: number }[]).find((b) => b.id === boardId)!;
      expect(keys(row)).toEqual([...MEMBER_FIELDS, 'owner', 'role'].sort());
    }

    // The share state is the owner's: a member is refused, and the refusal does not hold the code.
    for (const member of [editor, viewer]) {
      const refused = await t.call('GET', `/api/boards/${boardId}/share`, { cookie: member.cookie });
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain(code);
    }

    // An editor's rename answers the member's row: the code is not in it.
    const res = await t.call('PATCH', `/api/boards/${boardId}`, {
      cookie: editor.cookie,
      json: { title: 'By the editor' },
      headers: { origin: 'http://localhost' },
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).not.toContain(code);
    expect(keys(JSON.parse(text))).toEqual(MEMBER_FIELDS);
    expect(JSON.parse(text).title).toBe('By the editor');

    // A viewer may not rename, and an editor may not share: neither answer holds a row.
    for (const [member, json] of [
      [viewer, { title: 'By the viewer' }],
      [editor, { isShared: 1 }],
    ] as const) {
      const refused = await t.call('PATCH', `/api/boards/${boardId}`, {
        cookie: member.cookie,
        json,
        headers: { origin: 'http://localhost' },
      });
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain(code);
    }
  });
});
