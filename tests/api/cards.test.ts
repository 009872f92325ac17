import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';

describe('cards API', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('creates a card with every spec field and lists the board’s cards', async () => {
    t = await createTestApp();
    const { cookie, board, section } = await seedUserBoard(t);
    const json = {
      boardId: board.id,
      sectionId: section.id,
      title: 'Piggy bank',
      description: 'Fills as you play',
      detailedDescription: 'Line one\nLine "two"',
      game: 'Royal Match',
      gameLink: 'https://example.com/royal',
      images: ['/api/storage/royal/1.png', 'https://cdn.example.com/2.png'],
      tags: ['Monetization', 'Piggy Bank'],
      orientation: 'vertical',
      isBookmarked: 1,
      position: { x: 12.5, y: -40 },
    };
    const created = await expectJson(t, 'POST', '/api/cards', 201, { cookie, json });
    const { boardId, sectionId, position, ...rest } = json;
    expect(created).toMatchObject({ ...rest, boardId, sectionId, position, featureId: null });
    const listed = await expectJson(t, 'GET', `/api/cards?boardId=${board.id}&_t=${Date.now()}`, 200, { cookie });
    expect(listed).toHaveLength(3);
    expect(listed[2]).toEqual(created);
  });

  it('fills defaults, and treats sectionId 0 or null as no section', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    for (const sectionId of [0, null, undefined]) {
      const created = await expectJson(t, 'POST', '/api/cards', 201, {
        cookie,
        json: { boardId: board.id, sectionId, title: 'x' },
      });
      expect(created).toMatchObject({
        sectionId: null,
        description: '',
        detailedDescription: '',
        images: [],
        tags: [],
        orientation: 'horizontal',
        isBookmarked: 0,
        position: { x: 0, y: 0 },
      });
    }
  });

  it('refuses bad cards with 400 naming the field, and writes nothing', async () => {
    t = await createTestApp();
    const { cookie, board, section } = await seedUserBoard(t);
    const base = { boardId: board.id, title: 'ok' };
    const before = await dumpBoardTables(t);
    const cases: [unknown, string][] = [
      [{ title: 'no board' }, 'boardId'],
      [{ ...base, boardId: String(board.id) }, 'boardId'],
      [{ ...base, title: 7 }, 'title'],
      [{ ...base, title: 'x'.repeat(501) }, 'title'],
      [{ ...base, images: 'a.png' }, 'images'],
      [{ ...base, images: Array(21).fill('a.png') }, 'images'],
      [{ ...base, tags: [1] }, 'tags.0'],
      [{ ...base, orientation: 'diagonal' }, 'orientation'],
      [{ ...base, isBookmarked: 2 }, 'isBookmarked'],
      [{ ...base, position: { x: 'a', y: 0 } }, 'position.x'],
      [{ ...base, sectionId: -1 }, 'sectionId'],
      [{ ...base, description: 'x'.repeat(5001) }, 'description'],
    ];
    for (const [json, field] of cases) {
      const body = await expectJson(t, 'POST', '/api/cards', 400, { cookie, json });
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.field, body.error.message).toBe(field);
      expect(body.error.message).not.toMatch(/Too (small|big)|expected|Invalid input/);
    }
    // A section of another board of the same user is "not found" for this board.
    const other = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Other' } });
    const before2 = await dumpBoardTables(t);
    await expectJson(t, 'POST', '/api/cards', 404, {
      cookie,
      json: { ...base, boardId: other.id, sectionId: section.id },
    });
    await expectJson(t, 'POST', '/api/cards', 404, { cookie, json: { ...base, boardId: 999999 } });
    expect(await dumpBoardTables(t)).toBe(before2);
    expect(before2).not.toBe(before);
    // A non-JSON body is refused even from our own origin.
    const res = await t.call('POST', '/api/cards', {
      cookie,
      json: JSON.stringify(base),
      headers: { 'content-type': 'text/plain', origin: 'http://localhost' },
    });
    expect(res.status).toBe(400);
    expect(await dumpBoardTables(t)).toBe(before2);
  });

  it('lists only with a valid own boardId', async () => {
    t = await createTestApp();
    const { cookie } = await seedUserBoard(t);
    await expectJson(t, 'GET', '/api/cards', 400, { cookie });
    await expectJson(t, 'GET', '/api/cards?boardId=abc', 400, { cookie });
    await expectJson(t, 'GET', '/api/cards?boardId=999999', 404, { cookie });
  });

  it('toggles the bookmark with an empty body and returns the card', async () => {
    t = await createTestApp();
    const { cookie, cards } = await seedUserBoard(t);
    const on = await expectJson(t, 'PATCH', `/api/cards/${cards[0].id}/bookmark`, 200, { cookie });
    expect(on).toMatchObject({ id: cards[0].id, isBookmarked: 1 });
    const off = await expectJson(t, 'PATCH', `/api/cards/${cards[0].id}/bookmark`, 200, { cookie, json: {} });
    expect(off.isBookmarked).toBe(0);
    await expectJson(t, 'PATCH', '/api/cards/999999/bookmark', 404, { cookie });
  });

  it('saves a position, and refuses a bad one', async () => {
    t = await createTestApp();
    const { cookie, cards } = await seedUserBoard(t);
    const moved = await expectJson(t, 'PATCH', `/api/cards/${cards[0].id}/position`, 200, {
      cookie,
      json: { position: { x: 100, y: 250.25 } },
    });
    expect(moved.position).toEqual({ x: 100, y: 250.25 });
    const before = await dumpBoardTables(t);
    for (const json of [{}, { position: { x: 1 } }, { position: { x: '1', y: 2 } }, { position: [1, 2] }]) {
      const body = await expectJson(t, 'PATCH', `/api/cards/${cards[0].id}/position`, 400, { cookie, json });
      expect(body.error.field).toMatch(/^position/);
    }
    // JSON cannot carry Infinity or NaN, but a huge literal parses to Infinity.
    const res = await t.call('PATCH', `/api/cards/${cards[0].id}/position`, {
      cookie,
      json: '{"position":{"x":1e999,"y":0}}',
      headers: { origin: 'http://localhost' },
    });
    expect(res.status).toBe(400);
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('links a card to a section of its board, unlinks with 0 or null, and refuses another board’s section', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    const loose = cards[1];
    const linked = await expectJson(t, 'PATCH', `/api/cards/${loose.id}/section`, 200, {
      cookie,
      json: { sectionId: section.id },
    });
    expect(linked.sectionId).toBe(section.id);
    expect(
      (await expectJson(t, 'PATCH', `/api/cards/${loose.id}/section`, 200, { cookie, json: { sectionId: 0 } }))
        .sectionId,
    ).toBeNull();
    expect(
      (await expectJson(t, 'PATCH', `/api/cards/${loose.id}`, 200, { cookie, json: { sectionId: section.id } }))
        .sectionId,
    ).toBe(section.id);
    expect(
      (await expectJson(t, 'PATCH', `/api/cards/${loose.id}`, 200, { cookie, json: { sectionId: null } })).sectionId,
    ).toBeNull();

    const other = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Other' } });
    const foreign = await expectJson(t, 'POST', '/api/sections', 201, {
      cookie,
      json: { boardId: other.id, title: 'F', color: '#E2ECE9' },
    });
    const before = await dumpBoardTables(t);
    await expectJson(t, 'PATCH', `/api/cards/${loose.id}/section`, 404, { cookie, json: { sectionId: foreign.id } });
    await expectJson(t, 'PATCH', `/api/cards/${loose.id}`, 404, { cookie, json: { sectionId: foreign.id } });
    await expectJson(t, 'PATCH', `/api/cards/${loose.id}/section`, 404, { cookie, json: { sectionId: 999999 } });
    await expectJson(t, 'PATCH', `/api/cards/${loose.id}/section`, 400, { cookie, json: {} });
    await expectJson(t, 'PATCH', `/api/cards/${loose.id}/section`, 400, { cookie, json: { sectionId: 'one' } });
    await expectJson(t, 'PATCH', `/api/cards/${loose.id}`, 400, { cookie, json: { title: 'not editable here' } });
    expect(await dumpBoardTables(t)).toBe(before);
    expect(board.id).not.toBe(other.id);
  });

  it('moves a card to another own board, clearing its section', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    const other = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Other' } });
    const moved = await expectJson(t, 'PATCH', `/api/cards/${cards[0].id}/board`, 200, {
      cookie,
      json: { boardId: other.id },
    });
    expect(moved).toMatchObject({ id: cards[0].id, boardId: other.id, sectionId: null, title: cards[0].title });
    expect(section.boardId).toBe(board.id);
    const onOther = await expectJson(t, 'GET', `/api/cards?boardId=${other.id}`, 200, { cookie });
    expect(onOther.map((c: any) => c.id)).toEqual([cards[0].id]);
    // Same board again: unchanged.
    expect(
      await expectJson(t, 'PATCH', `/api/cards/${cards[0].id}/board`, 200, { cookie, json: { boardId: other.id } }),
    ).toEqual(moved);
    const before = await dumpBoardTables(t);
    await expectJson(t, 'PATCH', `/api/cards/${cards[0].id}/board`, 404, { cookie, json: { boardId: 999999 } });
    await expectJson(t, 'PATCH', `/api/cards/${cards[0].id}/board`, 400, { cookie, json: { boardId: 0 } });
    await expectJson(t, 'PATCH', `/api/cards/${cards[0].id}/board`, 400, { cookie, json: {} });
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('deletes a card', async () => {
    t = await createTestApp();
    const { cookie, board, cards } = await seedUserBoard(t);
    expect(await expectJson(t, 'DELETE', `/api/cards/${cards[0].id}`, 200, { cookie })).toEqual({
      success: true,
      id: cards[0].id,
    });
    await expectJson(t, 'DELETE', `/api/cards/${cards[0].id}`, 404, { cookie });
    await expectJson(t, 'DELETE', '/api/cards/0', 400, { cookie });
    const left = await expectJson(t, 'GET', `/api/cards?boardId=${board.id}`, 200, { cookie });
    expect(left.map((c: any) => c.id)).toEqual([cards[1].id]);
  });
});
