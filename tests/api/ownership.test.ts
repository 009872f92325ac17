import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, insertQuery, seedUserBoard } from './fixtures/board-api';

type Call = { method: string; url: string; json?: unknown };

/** Two users with the same kind of data; A's card 0 is bookmarked and A has a rated-able query. */
async function twoUsers(t: TestApp) {
  const a = await seedUserBoard(t, 'alice@example.com');
  const b = await seedUserBoard(t, 'bob@example.com');
  await expectJson(t, 'PATCH', `/api/cards/${a.cards[0].id}/bookmark`, 200, { cookie: a.cookie });
  const aQuery = await insertQuery(t, a.user.id, a.board.id);
  return { a, b, aQuery };
}

let batch = 0;
const ops = (boardId: number, list: unknown[]): Call => ({
  method: 'POST',
  url: `/api/boards/${boardId}/ops`,
  json: { batchId: `ownership-${process.pid}-${(batch += 1)}`, ops: list },
});

/** Every endpoint of the board API, called with A's ids (alone, or mixed into B's own requests). */
function callsWithForeignIds({ a, b, aQuery }: Awaited<ReturnType<typeof twoUsers>>): Call[] {
  const aCard = a.cards[0].id;
  const aSection = a.section.id;
  const aBoard = a.board.id;
  const pos = { x: 1, y: 2 };
  const box = { width: 10, height: 10 };
  return [
    { method: 'PATCH', url: `/api/boards/${aBoard}`, json: { title: 'Taken' } },
    { method: 'PATCH', url: `/api/boards/${aBoard}`, json: { isShared: 1 } },
    { method: 'DELETE', url: `/api/boards/${aBoard}` },
    // The ops door: A's board, and A's card or section named in a batch on B's own board.
    ops(aBoard, [{ type: 'layout.set', cards: [{ id: aCard, position: pos }] }]),
    ops(aBoard, [{ type: 'board.organize' }]),
    ops(b.board.id, [
      {
        type: 'layout.set',
        cards: [
          { id: b.cards[0].id, position: pos },
          { id: aCard, position: pos },
        ],
      },
    ]),
    ops(b.board.id, [{ type: 'layout.set', sections: [{ id: aSection, position: pos, size: box }] }]),
    ops(b.board.id, [{ type: 'cards.place', ids: [aCard], sectionId: b.section.id }]),
    { method: 'GET', url: `/api/cards?boardId=${aBoard}&_t=1` },
    { method: 'POST', url: '/api/cards', json: { boardId: aBoard, title: 'planted' } },
    { method: 'POST', url: '/api/cards', json: { boardId: b.board.id, sectionId: aSection, title: 'planted' } },
    { method: 'PATCH', url: `/api/cards/${aCard}/bookmark` },
    { method: 'PATCH', url: `/api/cards/${aCard}/position`, json: { position: pos } },
    { method: 'PATCH', url: `/api/cards/${aCard}/section`, json: { sectionId: 0 } },
    { method: 'PATCH', url: `/api/cards/${aCard}/section`, json: { sectionId: b.section.id } },
    { method: 'PATCH', url: `/api/cards/${b.cards[1].id}/section`, json: { sectionId: aSection } },
    { method: 'PATCH', url: `/api/cards/${aCard}`, json: { sectionId: null } },
    { method: 'PATCH', url: `/api/cards/${b.cards[1].id}`, json: { sectionId: aSection } },
    { method: 'PATCH', url: `/api/cards/${aCard}/board`, json: { boardId: b.board.id } },
    { method: 'PATCH', url: `/api/cards/${b.cards[0].id}/board`, json: { boardId: aBoard } },
    { method: 'DELETE', url: `/api/cards/${aCard}` },
    { method: 'GET', url: `/api/sections?boardId=${aBoard}` },
    { method: 'POST', url: '/api/sections', json: { boardId: aBoard, title: 'planted', color: '#FFE0CC' } },
    { method: 'PATCH', url: `/api/sections/${aSection}/position`, json: { position: pos } },
    { method: 'PATCH', url: `/api/sections/${aSection}/size`, json: { size: box } },
    { method: 'PATCH', url: `/api/sections/${aSection}`, json: { title: 'Taken' } },
    { method: 'DELETE', url: `/api/sections/${aSection}` },
    { method: 'PATCH', url: `/api/queries/${aQuery}/rating`, json: { rating: 5 } },
    { method: 'GET', url: `/api/boards/${aBoard}/export?format=pdf` },
    { method: 'GET', url: `/api/boards/${aBoard}/export?format=md` },
    { method: 'GET', url: `/api/boards/${b.board.id}/export?format=pdf&sectionId=${aSection}` },
    { method: 'GET', url: `/api/boards/${b.board.id}/export?format=md&cardIds=${aCard}` },
  ];
}

describe('two users: B can neither read nor change A’s boards, cards, sections, bookmarks or queries', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('answers 404 to every endpoint called with A’s ids, exactly as for ids that do not exist, and changes nothing', async () => {
    t = await createTestApp();
    const data = await twoUsers(t);
    const { a, b } = data;
    const aViewBefore = {
      boards: await expectJson(t, 'GET', '/api/boards', 200, { cookie: a.cookie }),
      cards: await expectJson(t, 'GET', `/api/cards?boardId=${a.board.id}`, 200, { cookie: a.cookie }),
      sections: await expectJson(t, 'GET', `/api/sections?boardId=${a.board.id}`, 200, { cookie: a.cookie }),
      bookmarks: await expectJson(t, 'GET', '/api/bookmarks', 200, { cookie: a.cookie }),
    };
    const before = await dumpBoardTables(t);

    const calls = callsWithForeignIds(data);
    expect(calls.length).toBeGreaterThanOrEqual(27);
    for (const call of calls) {
      const body = await expectJson(t, call.method, call.url, 404, { cookie: b.cookie, json: call.json });
      expect(body.error.code).toBe('not_found');
      // Only generic texts (a made-up id gets the same): nothing tells B that A's row exists or what is in it.
      expect(body.error.message).toMatch(/^(Board|Card|Section|Query) not found$/);
    }

    // Lists B may call answer with B's rows only; a userId parameter naming A is ignored.
    const bBoards = await expectJson(t, 'GET', `/api/boards?userId=${a.user.id}&_t=1`, 200, { cookie: b.cookie });
    expect(bBoards.map((x: any) => x.userId)).toEqual([b.user.id]);
    expect(await expectJson(t, 'GET', '/api/bookmarks', 200, { cookie: b.cookie })).toEqual([]);

    expect(await dumpBoardTables(t)).toBe(before);
    expect({
      boards: await expectJson(t, 'GET', '/api/boards', 200, { cookie: a.cookie }),
      cards: await expectJson(t, 'GET', `/api/cards?boardId=${a.board.id}`, 200, { cookie: a.cookie }),
      sections: await expectJson(t, 'GET', `/api/sections?boardId=${a.board.id}`, 200, { cookie: a.cookie }),
      bookmarks: await expectJson(t, 'GET', '/api/bookmarks', 200, { cookie: a.cookie }),
    }).toEqual(aViewBefore);
  });

  it('gives a made-up id the same 404 message as another user’s id', async () => {
    t = await createTestApp();
    const { a, b } = await twoUsers(t);
    const foreign = await expectJson(t, 'DELETE', `/api/cards/${a.cards[0].id}`, 404, { cookie: b.cookie });
    const missing = await expectJson(t, 'DELETE', '/api/cards/987654', 404, { cookie: b.cookie });
    expect(foreign).toEqual(missing);
    const foreignBoard = await expectJson(t, 'GET', `/api/cards?boardId=${a.board.id}`, 404, { cookie: b.cookie });
    const missingBoard = await expectJson(t, 'GET', '/api/cards?boardId=987654', 404, { cookie: b.cookie });
    expect(foreignBoard).toEqual(missingBoard);
  });

  it('answers 401 to every endpoint without a session, and changes nothing', async () => {
    t = await createTestApp();
    const data = await twoUsers(t);
    const before = await dumpBoardTables(t);
    const calls: Call[] = [
      ...callsWithForeignIds(data),
      { method: 'GET', url: '/api/boards' },
      { method: 'POST', url: '/api/boards', json: {} },
      { method: 'GET', url: '/api/bookmarks' },
    ];
    for (const call of calls) {
      const body = await expectJson(t, call.method, call.url, 401, { json: call.json });
      expect(body.error.code).toBe('unauthorized');
    }
    expect(await dumpBoardTables(t)).toBe(before);
  });
});
