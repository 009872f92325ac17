import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectJson, seedUserBoard } from './fixtures/board-api';

describe('GET /api/bookmarks', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('lists bookmarked cards across all own boards, with their boardId, and nobody else’s', async () => {
    t = await createTestApp();
    const a = await seedUserBoard(t);
    const b = await seedUserBoard(t);
    const second = await expectJson(t, 'POST', '/api/boards', 201, { cookie: a.cookie, json: { title: 'Second' } });
    const onSecond = await expectJson(t, 'POST', '/api/cards', 201, {
      cookie: a.cookie,
      json: { boardId: second.id, title: 'Marked', isBookmarked: 1 },
    });
    await expectJson(t, 'PATCH', `/api/cards/${a.cards[1].id}/bookmark`, 200, { cookie: a.cookie });
    await expectJson(t, 'PATCH', `/api/cards/${b.cards[0].id}/bookmark`, 200, { cookie: b.cookie });

    const list = await expectJson(t, 'GET', `/api/bookmarks?_t=${Date.now()}`, 200, { cookie: a.cookie });
    expect(list.map((c: any) => [c.id, c.boardId, c.isBookmarked])).toEqual([
      [a.cards[1].id, a.board.id, 1],
      [onSecond.id, second.id, 1],
    ]);
    expect(list[0]).toMatchObject({ title: 'Loose card', orientation: 'vertical', images: [], tags: [] });

    await expectJson(t, 'PATCH', `/api/cards/${a.cards[1].id}/bookmark`, 200, { cookie: a.cookie });
    expect((await expectJson(t, 'GET', '/api/bookmarks', 200, { cookie: a.cookie })).map((c: any) => c.id)).toEqual([
      onSecond.id,
    ]);
    await expectJson(t, 'GET', '/api/bookmarks', 401);
  });

  it('drops bookmarks with the board they were on', async () => {
    t = await createTestApp();
    const a = await seedUserBoard(t);
    await expectJson(t, 'POST', '/api/boards', 201, { cookie: a.cookie, json: {} });
    await expectJson(t, 'PATCH', `/api/cards/${a.cards[0].id}/bookmark`, 200, { cookie: a.cookie });
    await expectJson(t, 'DELETE', `/api/boards/${a.board.id}`, 200, { cookie: a.cookie });
    expect(await expectJson(t, 'GET', '/api/bookmarks', 200, { cookie: a.cookie })).toEqual([]);
  });
});
