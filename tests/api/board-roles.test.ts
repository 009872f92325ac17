import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import type { BoardOpInput } from '#shared/schemas/board-ops';
import type { BoardRole } from '#shared/schemas/board-members';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addMember, expectJson, seedUserBoard } from './fixtures/board-api';

/**
 * Team boards from outside: every board route, called by the owner, an editor, a viewer and a stranger.
 * A role that may make the request gets its ordinary answer; a member whose role may not gets 403; anyone else gets
 * 404, exactly as for a board that does not exist. A refusal writes nothing.
 */
type Caller = 'owner' | 'editor' | 'viewer' | 'stranger';
type Call = { method: string; url: string; json?: unknown; ok?: number };
type Target = Awaited<ReturnType<typeof teamBoard>>;
/** A route, the least role it needs, and how to build a call on fresh rows (a delete takes its own card). */
type RouteCase = { name: string; needs: BoardRole; call: (t: TestApp, b: Target) => Promise<Call> };

const TABLES = ['boards', 'sections', 'cards', 'queries', 'board_members', 'board_invitations', 'card_bookmarks'];
async function dump(t: TestApp): Promise<string> {
  const all: Record<string, unknown[]> = {};
  for (const table of TABLES) all[table] = await t.sql(`select * from ${table} order by id`);
  return JSON.stringify(all);
}

/** A Pro owner's board with an editor, a viewer and one more member (the owner's member routes act on them). */
async function teamBoard(t: TestApp) {
  const owner = await seedUserBoard(t, 'owner@example.com');
  await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.pro, owner.user.id]);
  owner.user.planId = PLAN_IDS.pro;
  // A second board, so the owner may delete the first (a user's last board stays).
  await expectJson(t, 'POST', '/api/boards', 201, { cookie: owner.cookie, json: { title: 'Spare' } });
  const callers: Record<Caller, { cookie: string; id: number }> = {
    owner: { cookie: owner.cookie, id: owner.user.id },
    editor: await t.signIn('editor@example.com').then(({ user, cookie }) => ({ cookie, id: user.id })),
    viewer: await t.signIn('viewer@example.com').then(({ user, cookie }) => ({ cookie, id: user.id })),
    stranger: await seedUserBoard(t, 'stranger@example.com').then(({ user, cookie }) => ({ cookie, id: user.id })),
  };
  const extra = await t.signIn('extra@example.com');
  for (const [email, role] of [
    ['editor@example.com', 'editor'],
    ['viewer@example.com', 'viewer'],
    ['extra@example.com', 'viewer'],
  ] as const) {
    await addMember(t, owner.board.id, owner.cookie, { email, role });
  }
  const newCard = async () =>
    (
      await expectJson(t, 'POST', '/api/cards', 201, {
        cookie: owner.cookie,
        json: { boardId: owner.board.id, title: 'Fresh' },
      })
    ).id as number;
  const newSection = async () =>
    (
      await expectJson(t, 'POST', '/api/sections', 201, {
        cookie: owner.cookie,
        json: { boardId: owner.board.id, title: 'Fresh', color: '#FDE2E4' },
      })
    ).id as number;
  return { ...owner, callers, extra, newCard, newSection };
}

let batch = 0;
const ops = (boardId: number, list: BoardOpInput[]): Call => ({
  method: 'POST',
  url: `/api/boards/${boardId}/ops`,
  json: { batchId: `roles-${process.pid}-${(batch += 1)}`, ops: list },
});
const pos = { x: 5, y: 6 };
const box = { width: 300, height: 200 };

const ROUTES: RouteCase[] = [
  // What a viewer may do: look, export, hear the board.
  {
    name: 'GET content',
    needs: 'viewer',
    call: async (_t, b) => ({ method: 'GET', url: `/api/boards/${b.board.id}/content` }),
  },
  {
    name: 'GET changes',
    needs: 'viewer',
    call: async (_t, b) => ({ method: 'GET', url: `/api/boards/${b.board.id}/changes?since=0` }),
  },
  {
    name: 'GET export md',
    needs: 'viewer',
    call: async (_t, b) => ({ method: 'GET', url: `/api/boards/${b.board.id}/export?format=md` }),
  },
  {
    name: 'GET members',
    needs: 'viewer',
    call: async (_t, b) => ({ method: 'GET', url: `/api/boards/${b.board.id}/members` }),
  },
  {
    name: 'GET cards',
    needs: 'viewer',
    call: async (_t, b) => ({ method: 'GET', url: `/api/cards?boardId=${b.board.id}` }),
  },
  { name: 'GET card', needs: 'viewer', call: async (_t, b) => ({ method: 'GET', url: `/api/cards/${b.cards[0].id}` }) },
  // A bookmark is the caller's own (per person): anyone who sees the board sets theirs.
  {
    name: 'PATCH bookmark',
    needs: 'viewer',
    call: async (_t, b) => ({ method: 'PATCH', url: `/api/cards/${b.cards[0].id}/bookmark` }),
  },
  {
    name: 'POST copy',
    needs: 'viewer',
    call: async (_t, b) => ({ method: 'POST', url: `/api/boards/${b.board.id}/copy` }),
  },
  {
    name: 'GET sections',
    needs: 'viewer',
    call: async (_t, b) => ({ method: 'GET', url: `/api/sections?boardId=${b.board.id}` }),
  },
  // The board's content: an editor's and the owner's, through the one operations door.
  {
    name: 'POST ops',
    needs: 'editor',
    call: async (_t, b) => ops(b.board.id, [{ type: 'card.move', id: b.cards[0].id, position: pos }]),
  },
  {
    name: 'PATCH board title',
    needs: 'editor',
    call: async (_t, b) => ({ method: 'PATCH', url: `/api/boards/${b.board.id}`, json: { title: 'Renamed' } }),
  },
  {
    name: 'ops layout.set',
    needs: 'editor',
    call: async (_t, b) => ops(b.board.id, [{ type: 'layout.set', cards: [{ id: b.cards[1].id, position: pos }] }]),
  },
  {
    name: 'POST card',
    needs: 'editor',
    call: async (_t, b) => ({
      method: 'POST',
      url: '/api/cards',
      json: { boardId: b.board.id, title: 'Added' },
      ok: 201,
    }),
  },
  {
    name: 'PATCH card position',
    needs: 'editor',
    call: async (_t, b) => ({ method: 'PATCH', url: `/api/cards/${b.cards[1].id}/position`, json: { position: pos } }),
  },
  {
    name: 'PATCH card section',
    needs: 'editor',
    call: async (_t, b) => ({
      method: 'PATCH',
      url: `/api/cards/${b.cards[1].id}/section`,
      json: { sectionId: b.section.id },
    }),
  },
  {
    name: 'PATCH card',
    needs: 'editor',
    call: async (_t, b) => ({ method: 'PATCH', url: `/api/cards/${b.cards[1].id}`, json: { sectionId: null } }),
  },
  {
    name: 'DELETE card',
    needs: 'editor',
    call: async (_t, b) => ({ method: 'DELETE', url: `/api/cards/${await b.newCard()}` }),
  },
  {
    name: 'POST section',
    needs: 'editor',
    call: async (_t, b) => ({
      method: 'POST',
      url: '/api/sections',
      json: { boardId: b.board.id, title: 'New', color: '#FDE2E4' },
      ok: 201,
    }),
  },
  {
    name: 'PATCH section position',
    needs: 'editor',
    call: async (_t, b) => ({
      method: 'PATCH',
      url: `/api/sections/${b.section.id}/position`,
      json: { position: pos },
    }),
  },
  {
    name: 'PATCH section size',
    needs: 'editor',
    call: async (_t, b) => ({ method: 'PATCH', url: `/api/sections/${b.section.id}/size`, json: { size: box } }),
  },
  {
    name: 'PATCH section color',
    needs: 'editor',
    call: async (_t, b) => ({
      method: 'PATCH',
      url: `/api/sections/${b.section.id}/color`,
      json: { color: '#E2ECE9' },
    }),
  },
  {
    name: 'PATCH section title',
    needs: 'editor',
    call: async (_t, b) => ({ method: 'PATCH', url: `/api/sections/${b.section.id}`, json: { title: 'Shops 2' } }),
  },
  {
    name: 'DELETE section',
    needs: 'editor',
    call: async (_t, b) => ({ method: 'DELETE', url: `/api/sections/${await b.newSection()}` }),
  },
  {
    name: 'POST query',
    needs: 'editor',
    call: async (_t, b) => ({
      method: 'POST',
      url: '/api/gemini/process',
      json: { query: 'starter packs', boardId: b.board.id },
    }),
  },
  {
    name: 'POST more like section',
    needs: 'editor',
    call: async (_t, b) => ({
      method: 'POST',
      url: '/api/gemini/more-like-section',
      json: { sectionId: b.section.id },
    }),
  },
  // The owner's alone: sharing, deletion, members.
  {
    name: 'GET board share state',
    needs: 'owner',
    call: async (_t, b) => ({ method: 'GET', url: `/api/boards/${b.board.id}/share` }),
  },
  {
    name: 'PATCH board share',
    needs: 'owner',
    call: async (_t, b) => ({ method: 'PATCH', url: `/api/boards/${b.board.id}`, json: { isShared: 1 } }),
  },
  {
    name: 'POST member',
    needs: 'owner',
    call: async (_t, b) => ({
      method: 'POST',
      url: `/api/boards/${b.board.id}/members`,
      json: { email: 'later@example.com', role: 'viewer' },
      ok: 201,
    }),
  },
  {
    name: 'PATCH member',
    needs: 'owner',
    call: async (_t, b) => ({
      method: 'PATCH',
      url: `/api/boards/${b.board.id}/members/${b.extra.user.id}`,
      json: { role: 'editor' },
    }),
  },
  {
    name: 'DELETE member',
    needs: 'owner',
    call: async (_t, b) => ({ method: 'DELETE', url: `/api/boards/${b.board.id}/members/${b.extra.user.id}` }),
  },
  {
    name: 'POST invitation',
    needs: 'owner',
    call: async (_t, b) => ({
      method: 'POST',
      url: `/api/boards/${b.board.id}/invitations`,
      json: { role: 'viewer' },
      ok: 201,
    }),
  },
  {
    name: 'DELETE invitation',
    needs: 'owner',
    call: async (t, b) => {
      const { code } = await expectJson(t, 'POST', `/api/boards/${b.board.id}/invitations`, 201, {
        cookie: b.cookie,
        json: { role: 'viewer' },
      });
      return { method: 'DELETE', url: `/api/boards/${b.board.id}/invitations/${code}` };
    },
  },
  {
    name: 'DELETE board',
    needs: 'owner',
    call: async (_t, b) => ({ method: 'DELETE', url: `/api/boards/${b.board.id}` }),
  },
];

const RANK: Record<BoardRole, number> = { viewer: 1, editor: 2, owner: 3 };
const expected = (caller: Caller, needs: BoardRole, ok: number) =>
  caller === 'stranger' ? 404 : RANK[caller] >= RANK[needs] ? ok : 403;

describe('each role against each board route', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  for (const caller of ['owner', 'editor', 'viewer', 'stranger'] as const) {
    it(`${caller}: allowed routes answer as usual, the others 403 (member) or 404 (stranger), writing nothing`, async () => {
      t = await createTestApp();
      const b = await teamBoard(t);
      const { cookie } = b.callers[caller];
      // The live stream checks the role too: every member hears the board, a stranger gets 404.
      const stream = await t.call('GET', `/api/boards/${b.board.id}/events`, { cookie });
      await stream.body?.cancel();
      expect(stream.status, `${caller} events`).toBe(expected(caller, 'viewer', 200));
      for (const route of ROUTES) {
        const call = await route.call(t, b);
        const before = await dump(t);
        const status = expected(caller, route.needs, call.ok ?? 200);
        const res = await t.call(call.method, call.url, {
          cookie,
          json: call.json,
          headers: { origin: 'http://localhost' },
        });
        const text = await res.text();
        expect(res.status, `${caller} ${route.name}: ${call.method} ${call.url} → ${text.slice(0, 200)}`).toBe(status);
        if (status >= 400) {
          expect(JSON.parse(text).error.code, route.name).toBe(status === 403 ? 'forbidden' : 'not_found');
          expect(await dump(t), `${caller} ${route.name} wrote`).toBe(before);
        }
      }
    });
  }

  it('a viewer’s batch of each op type but a bookmark is refused (403), an editor’s is applied', async () => {
    t = await createTestApp();
    const b = await teamBoard(t);
    const id = b.cards[1].id;
    const perType: BoardOpInput[] = [
      { type: 'card.create', card: { title: 'Op card' } },
      { type: 'card.move', id, position: pos },
      { type: 'card.setSection', id, sectionId: b.section.id },
      { type: 'card.moveToBoard', id, boardId: b.board.id },
      { type: 'card.update', id, patch: { title: 'Own only' } },
      { type: 'card.delete', id },
      { type: 'card.restore', id },
      { type: 'cards.place', ids: [id], sectionId: b.section.id, at: [pos] },
      { type: 'section.create', section: { title: 'Op section', color: '#FDE2E4' } },
      { type: 'section.rename', id: b.section.id, title: 'Op rename' },
      { type: 'section.recolor', id: b.section.id, color: '#E2ECE9' },
      { type: 'section.resize', id: b.section.id, size: box },
      { type: 'section.move', id: b.section.id, position: pos },
      { type: 'section.delete', id: b.section.id },
      { type: 'layout.set', cards: [{ id, position: pos }], sections: [] },
      { type: 'board.organize' },
      { type: 'board.rename', title: 'Op title' },
    ];
    const viewer = b.callers.viewer.cookie;
    const editor = b.callers.editor.cookie;
    for (const op of perType) {
      const before = await dump(t);
      const refused = await expectJson(t, 'POST', ops(b.board.id, [op]).url, 403, {
        cookie: viewer,
        json: ops(b.board.id, [op]).json,
      });
      expect(refused.error.code, op.type).toBe('forbidden');
      expect(await dump(t), op.type).toBe(before);
    }
    // A bookmark alone is the sender's own: a viewer's is applied (bookmarks.test covers what it writes).
    await expectJson(t, 'POST', ops(b.board.id, [{ type: 'card.bookmark', id }]).url, 200, {
      cookie: viewer,
      json: ops(b.board.id, [{ type: 'card.bookmark', id }]).json,
    });
    // In a batch with a board write it needs an editor like the rest.
    const mixed = ops(b.board.id, [
      { type: 'card.bookmark', id },
      { type: 'card.move', id, position: pos },
    ]);
    const before = await dump(t);
    await expectJson(t, 'POST', mixed.url, 403, { cookie: viewer, json: mixed.json });
    expect(await dump(t)).toBe(before);
    // The editor: every type but card.update (own-image cards only: 409 here).
    // card.restore finds nothing to restore here (the card was not deleted): 404 after the role check let it in.
    const editorStatus: Partial<Record<BoardOpInput['type'], number>> = { 'card.update': 409, 'card.restore': 404 };
    for (const op of [...perType, { type: 'card.bookmark', id } as const].filter(
      (o) => o.type !== 'card.delete' && o.type !== 'section.delete',
    )) {
      await expectJson(t, 'POST', ops(b.board.id, [op]).url, editorStatus[op.type] ?? 200, {
        cookie: editor,
        json: ops(b.board.id, [op]).json,
      });
    }
    await expectJson(
      t,
      'POST',
      ops(b.board.id, [
        { type: 'card.delete', id },
        { type: 'section.delete', id: b.section.id },
      ]).url,
      200,
      {
        cookie: editor,
        json: ops(b.board.id, [
          { type: 'card.delete', id },
          { type: 'section.delete', id: b.section.id },
        ]).json,
      },
    );
  });
});
