import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/auth-requests';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Image URLs are canonicalised on the server before they are stored (dot segments,
 * percent-encoding) and must then be an http(s) URL or a path inside /api/storage/ that names a file; anything
 * else is a 400 that writes nothing. `/api/storage/%2e%2e/logout` used to be stored, and the board's URL
 * normalizer turned it into /api/logout.
 */
describe('image URLs are stored canonical', () => {
  let t: TestApp;
  let cookie: string;
  let boardId: number;

  beforeEach(async () => {
    t = await createTestApp();
    ({ cookie } = await t.signIn());
    boardId = (await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Refs' } })).json()).id;
  });
  afterEach(() => t.close());

  const create = (images: string[]) =>
    t.call('POST', '/api/cards', {
      cookie,
      json: { boardId, title: 'x', images },
      headers: { origin: 'http://localhost' },
    });

  it.each([
    '/api/storage/%2e%2e/logout',
    '/api/storage/%2E%2E/share/abcdefabcdefabcdefabcd',
    '/api/storage/.%2e/logout',
    '/api/storage/shots/%2e%2e/%2e%2e/logout',
    '/api/storage/..%2flogout.png',
    '/api/storage/%252e%252e/logout.png',
    '/api/storage/shots/',
    '/api/storage/shots/notes.txt',
    '/api/storage/shots/a.png%00',
    '/api/storage/a\\..\\..\\logout',
    '/\\evil.example/a.png',
    '/api/share/abcdefabcdefabcdefabcd',
  ])('refuses %j and writes nothing', async (url) => {
    const res = await create([url]);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_input');
    expect(await countRows(t, 'cards')).toBe(0);
  });

  it('stores dot segments resolved, needless escapes decoded and a storage path without its query', async () => {
    const res = await create([
      '/api/storage/shots/./x/../a.png?v=1',
      '/api/storage/%63atalogue/b%20c.webp#frag',
      'https://cdn.example.com/a/./b/../%63.png?sig=1',
      '  https://CDN.example.com/d.png  ',
    ]);
    expect(res.status).toBe(201);
    expect((await res.json()).images).toEqual([
      '/api/storage/shots/a.png',
      '/api/storage/catalogue/b%20c.webp',
      'https://cdn.example.com/a/c.png?sig=1',
      'https://cdn.example.com/d.png',
    ]);
  });
});
