import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import { ownImageSpellings } from '../helpers/own-image-spellings';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';
import { solidPng, upload } from './fixtures/own-images';

/**
 * An image needs its author's right: a card write (POST /api/cards, the ops door's card.create) takes an own image
 * only when the person writing may show it at that moment AND the board's owner may too. A member removed from the
 * board that shows a private image cannot put it back on any board, their own or a team board of someone who still
 * sees it, and so cannot read it again through that card. Runs on SQLite and PostgreSQL.
 */
describe('an own image needs its author’s right', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('a removed member cannot launder a private image through another team board, by any route or spelling', async () => {
    t = await createTestApp();
    // X owns a board with a private own image Q; A and E are members. A owns a second board where E is an editor.
    const x = await seedUserBoard(t, 'x@example.com');
    const a = await seedUserBoard(t, 'a@example.com');
    const e = await seedUserBoard(t, 'e@example.com');
    await t.sql('update users set plan_id = ? where id in (?, ?, ?)', [
      PLAN_IDS.basic,
      x.user.id,
      a.user.id,
      e.user.id,
    ]);
    const member = (boardId: number, userId: number) =>
      t.sql('insert into board_members (board_id, user_id, role) values (?, ?, ?)', [boardId, userId, 'editor']);
    await member(x.board.id, a.user.id);
    await member(x.board.id, e.user.id);
    await member(a.board.id, e.user.id);
    // E's own board has A as an editor: the owner's side of the rule.
    await member(e.board.id, a.user.id);
    const uploaded = await upload(t, `/api/boards/${x.board.id}/images`, {
      cookie: x.cookie,
      file: await solidPng(40, 30, '#5a9'),
    });
    expect(uploaded.status).toBe(201);
    const q: string = ((await uploaded.json()) as { images: string[] }).images[0];
    expect((await t.call('GET', q, { cookie: e.cookie })).status).toBe(200);

    await expectJson(t, 'DELETE', `/api/boards/${x.board.id}/members/${e.user.id}`, 200, { cookie: x.cookie });
    expect((await t.call('GET', q, { cookie: e.cookie })).status).toBe(404);
    const before = await dumpBoardTables(t);

    let batch = 0;
    const refusals: [string, { cookie: string }, number][] = [
      // E, removed, on A's board (A may still show Q) and on E's own board.
      ['E on A’s board', e, a.board.id],
      ['E on their own board', e, e.board.id],
      // A may show Q, but E, the owner of the board A writes to, may not.
      ['A on E’s board', a, e.board.id],
    ];
    for (const [who, person, boardId] of refusals) {
      for (const spelling of ownImageSpellings(q)) {
        const rest = await expectJson(t, 'POST', '/api/cards', 400, {
          cookie: person.cookie,
          json: { boardId, title: 'again', images: [spelling] },
        });
        expect(rest.error.code, `${who}: ${spelling}`).toBe('image_gone');
        const op = await expectJson(t, 'POST', `/api/boards/${boardId}/ops`, 400, {
          cookie: person.cookie,
          json: {
            batchId: `launder-${(batch += 1)}`,
            ops: [{ type: 'card.create', card: { title: 'again', images: ['/api/storage/a.png', spelling] } }],
          },
        });
        expect(op.error.code, `${who}: ${spelling}`).toBe('image_gone');
      }
    }
    expect(await dumpBoardTables(t)).toBe(before);
    expect((await t.call('GET', q, { cookie: e.cookie })).status).toBe(404);

    // Someone who may show Q, writing on a board whose owner may too, still can: X on X's own board.
    const again = await expectJson(t, 'POST', '/api/cards', 201, {
      cookie: x.cookie,
      json: { boardId: x.board.id, title: 'again', images: [q] },
    });
    expect(again.images).toEqual([q]);
  });
});
