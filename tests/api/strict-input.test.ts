import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/auth-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

const ORIGIN = { origin: 'http://localhost' };

/** Ids are JSON integers in bodies and digit strings in URLs; URLs and titles are checked. */
describe('strict input types', () => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  let boardId: number;

  beforeEach(async () => {
    t = await createTestApp();
    ({
      cookie,
      user: { id: userId },
    } = await t.signIn());
    boardId = (await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Refs' } })).json()).id;
  });
  afterEach(() => t.close());

  const send = (method: string, url: string, json?: unknown) => t.call(method, url, { cookie, json, headers: ORIGIN });

  it.each([{ id: [5] }, { id: true }, { id: '5' }, { id: '0x4' }, { id: 5.5 }, { id: null }, { id: {} }])(
    'refuses the JSON body id $id and writes nothing',
    async ({ id }) => {
      const card = await send('POST', '/api/cards', { boardId: id, title: 'x' });
      expect(card.status).toBe(400);
      const section = await send('POST', '/api/sections', { boardId: id, title: 'S', color: '#FDE2E4' });
      expect(section.status).toBe(400);
      const query = await send('POST', '/api/gemini/process', { query: 'starter pack', boardId: id });
      expect(query.status).toBe(400);
      expect((await countRows(t, 'cards')) + (await countRows(t, 'sections')) + (await countRows(t, 'queries'))).toBe(
        0,
      );
    },
  );

  it('takes a real integer id in a body', async () => {
    expect((await send('POST', '/api/cards', { boardId, title: 'ok' })).status).toBe(201);
  });

  it.each([[true], ['0x4'], ['2'], [[2]], [2.5]])('refuses planId %j and leaves the plan alone', async (planId) => {
    const res = await send('PATCH', '/api/user/plan', { planId });
    expect(res.status).toBe(400);
    expect((await t.sql('select plan_id from users where id = ?', [userId])).map((r) => Object.values(r)[0])[0]).toBe(
      1,
    );
  });

  it('accepts planId as a JSON integer', async () => {
    expect((await send('PATCH', '/api/user/plan', { planId: 2 })).status).toBe(200);
  });

  it.each(['0x4', '+5', ' 5', '5e0', '05', '5.0', '-5', '1,2'])('refuses the path or query id %j', async (raw) => {
    const id = encodeURIComponent(raw);
    expect((await t.call('GET', `/api/cards?boardId=${id}`, { cookie })).status).toBe(400);
    expect((await t.call('GET', `/api/sections?boardId=${id}`, { cookie })).status).toBe(400);
    expect((await t.call('GET', `/api/cards/${id}`, { cookie })).status).toBe(400);
    expect((await t.call('GET', `/api/boards/${id}/content`, { cookie })).status).toBe(400);
    expect((await t.call('GET', `/api/boards/${boardId}/content?cursor=${id}`, { cookie })).status).toBe(400);
  });

  it('takes digit strings in paths and queries', async () => {
    expect((await t.call('GET', `/api/cards?boardId=${boardId}`, { cookie })).status).toBe(200);
    expect((await t.call('GET', `/api/boards/${boardId}/content?cursor=0&limit=10`, { cookie })).status).toBe(200);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    'ftp://example.com/a',
    '/api/logout',
    '/api/storage/../../etc/passwd',
    'https://',
  ])('refuses the card URL %j as gameLink and as an image', async (url) => {
    expect((await send('POST', '/api/cards', { boardId, title: 'x', gameLink: url })).status).toBe(400);
    expect(
      (await send('POST', '/api/cards', { boardId, title: 'x', images: ['/api/storage/catalogue/a.webp', url] }))
        .status,
    ).toBe(400);
    expect(await countRows(t, 'cards')).toBe(0);
  });

  it('stores http(s) links and the app storage paths', async () => {
    const res = await send('POST', '/api/cards', {
      boardId,
      title: 'x',
      gameLink: 'https://apps.apple.com/app/id1',
      images: ['/api/storage/catalogue/royal-match/1.webp', 'http://example.com/a.png'],
    });
    expect(res.status).toBe(201);
    expect((await send('POST', '/api/cards', { boardId, title: 'no link', gameLink: '' })).status).toBe(201);
  });

  it.each(['Bad\u0000title', 'Esc\u001b[31m', 'Line\nbreak', 'Tab\there', 'C1\u0085'])(
    'refuses the title %j on boards, sections and cards',
    async (title) => {
      const sectionId = (
        await (await send('POST', '/api/sections', { boardId, title: 'Clean', color: '#FDE2E4' })).json()
      ).id;
      expect((await send('POST', '/api/boards', { title })).status).toBe(400);
      expect((await send('PATCH', `/api/boards/${boardId}`, { title })).status).toBe(400);
      expect((await send('POST', '/api/sections', { boardId, title, color: '#FDE2E4' })).status).toBe(400);
      expect((await send('PATCH', `/api/sections/${sectionId}`, { title })).status).toBe(400);
      expect((await send('POST', '/api/cards', { boardId, title })).status).toBe(400);
      expect((await t.sql('select title from boards')).map((r) => Object.values(r)[0])).toEqual(['Refs']);
      expect((await t.sql('select title from sections')).map((r) => Object.values(r)[0])).toEqual(['Clean']);
      expect(await countRows(t, 'cards')).toBe(0);
    },
  );
});
