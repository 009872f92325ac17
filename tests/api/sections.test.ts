import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';

describe('sections API', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('creates and lists sections, keeping a given createdAt', async () => {
    t = await createTestApp();
    const { cookie, board, section } = await seedUserBoard(t);
    const created = await expectJson(t, 'POST', '/api/sections', 201, {
      cookie,
      json: {
        boardId: board.id,
        title: 'Season Pass',
        color: '#DDE7FF',
        position: { x: 460, y: 50 },
        size: { width: 800, height: 340 },
        createdAt: '2025-12-01T08:30:00.000Z',
      },
    });
    expect(created).toEqual({
      id: expect.any(Number),
      boardId: board.id,
      title: 'Season Pass',
      color: '#DDE7FF',
      position: { x: 460, y: 50 },
      size: { width: 800, height: 340 },
      createdAt: '2025-12-01T08:30:00.000Z',
      // The free-plan lock, decided as the section was created (a single section added by its hash).
      locked: expect.any(Boolean),
    });
    const defaults = await expectJson(t, 'POST', '/api/sections', 201, {
      cookie,
      json: { boardId: board.id, title: 'Bare', color: 'lavender' },
    });
    expect(defaults).toMatchObject({
      position: { x: 0, y: 0 },
      size: { width: 400, height: 100 },
      createdAt: '2026-01-15T10:00:00.000Z',
    });
    const listed = await expectJson(t, 'GET', `/api/sections?boardId=${board.id}&_t=1`, 200, { cookie });
    expect(listed.map((s: any) => s.id)).toEqual([section.id, created.id, defaults.id]);
    await expectJson(t, 'GET', '/api/sections?boardId=999999', 404, { cookie });
    await expectJson(t, 'GET', '/api/sections', 400, { cookie });
  });

  it('refuses bad sections with 400 naming the field, and writes nothing', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const base = { boardId: board.id, title: 'ok', color: '#FFF1C1' };
    const before = await dumpBoardTables(t);
    const cases: [unknown, string][] = [
      [{ ...base, title: '   ' }, 'title'],
      [{ ...base, title: undefined }, 'title'],
      [{ ...base, color: '<script>' }, 'color'],
      [{ ...base, color: 'url(javascript:alert(1))' }, 'color'],
      [{ ...base, size: { width: 0, height: 10 } }, 'size.width'],
      [{ ...base, size: { width: 10 } }, 'size.height'],
      [{ ...base, position: null }, 'position'],
      [{ ...base, createdAt: 'yesterday' }, 'createdAt'],
      [{ ...base, boardId: undefined }, 'boardId'],
    ];
    for (const [json, field] of cases) {
      const body = await expectJson(t, 'POST', '/api/sections', 400, { cookie, json });
      expect(body.error.field, body.error.message).toBe(field);
    }
    await expectJson(t, 'POST', '/api/sections', 404, { cookie, json: { ...base, boardId: 999999 } });
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('moves, resizes and renames a section; blank titles and bad boxes are refused', async () => {
    t = await createTestApp();
    const { cookie, section } = await seedUserBoard(t);
    const url = `/api/sections/${section.id}`;
    expect(
      (await expectJson(t, 'PATCH', `${url}/position`, 200, { cookie, json: { position: { x: 90, y: -30 } } }))
        .position,
    ).toEqual({ x: 90, y: -30 });
    expect(
      (await expectJson(t, 'PATCH', `${url}/size`, 200, { cookie, json: { size: { width: 1500, height: 700 } } })).size,
    ).toEqual({ width: 1500, height: 700 });
    expect((await expectJson(t, 'PATCH', url, 200, { cookie, json: { title: ' Offers ' } })).title).toBe('Offers');
    const before = await dumpBoardTables(t);
    await expectJson(t, 'PATCH', url, 400, { cookie, json: { title: ' ' } });
    await expectJson(t, 'PATCH', url, 400, { cookie, json: { title: 'x'.repeat(201) } });
    await expectJson(t, 'PATCH', `${url}/size`, 400, { cookie, json: { size: { width: -1, height: 5 } } });
    await expectJson(t, 'PATCH', `${url}/size`, 400, { cookie, json: { width: 10, height: 5 } });
    await expectJson(t, 'PATCH', `${url}/position`, 400, { cookie, json: { position: 'here' } });
    await expectJson(t, 'PATCH', '/api/sections/999999', 404, { cookie, json: { title: 'x' } });
    await expectJson(t, 'PATCH', '/api/sections/999999/size', 404, { cookie, json: { size: { width: 1, height: 1 } } });
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('recolours a section for its owner only; markup or junk colours are refused without writing', async () => {
    t = await createTestApp();
    const { cookie, section } = await seedUserBoard(t);
    const url = `/api/sections/${section.id}/color`;
    expect((await expectJson(t, 'PATCH', url, 200, { cookie, json: { color: '#EAD9FF' } })).color).toBe('#EAD9FF');
    const before = await dumpBoardTables(t);
    for (const json of [{ color: 'red;}<script>' }, { color: '' }, { color: 12 }, {}])
      await expectJson(t, 'PATCH', url, 400, { cookie, json });
    const stranger = await t.signIn('stranger@example.com');
    await expectJson(t, 'PATCH', url, 404, { cookie: stranger.cookie, json: { color: '#FFFFFF' } });
    await expectJson(t, 'PATCH', '/api/sections/999999/color', 404, { cookie, json: { color: '#FFFFFF' } });
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('deletes a section and leaves its cards on the board without a section', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    expect(cards[0].sectionId).toBe(section.id);
    expect(await expectJson(t, 'DELETE', `/api/sections/${section.id}`, 200, { cookie })).toEqual({
      success: true,
      id: section.id,
    });
    const left = await expectJson(t, 'GET', `/api/cards?boardId=${board.id}`, 200, { cookie });
    expect(left.map((c: any) => [c.id, c.boardId, c.sectionId])).toEqual([
      [cards[0].id, board.id, null],
      [cards[1].id, board.id, null],
    ]);
    expect(await expectJson(t, 'GET', `/api/sections?boardId=${board.id}`, 200, { cookie })).toEqual([]);
    await expectJson(t, 'DELETE', `/api/sections/${section.id}`, 404, { cookie });
  });
});
