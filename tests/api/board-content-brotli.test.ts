import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boardContentPage } from '#shared/schemas/board-content';
import { cards } from '../../api/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('GET /api/boards/:id/content with brotli (a large board on the wire)', () => {
  let t: TestApp;
  let cookie: string;
  let boardId: number;

  beforeEach(async () => {
    t = await createTestApp();
    ({ cookie } = await t.signIn(undefined, { planId: 2, monthlyLimit: 40 }));
    boardId = (await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Big board' } })).json()).id;
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      boardId,
      title: `Card ${i}`,
      description: `Feature ${i % 97} of the shop`,
      game: `Game ${i % 13}`,
      gameLink: `https://example.test/${i % 13}`,
      images: [`/api/storage/catalogue/${i % 400}.webp`],
      tags: ['Monetization', 'Offers'],
      x: i * 10,
      y: i,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(cards).values(rows.slice(i, i + 500));
  });
  afterEach(() => t.close());

  const page = (headers: Record<string, string>) =>
    t.call('GET', `/api/boards/${boardId}/content?limit=3000`, { cookie, headers });

  it('answers brotli to a browser that accepts it, smaller than gzip, with the same content', async () => {
    const br = await page({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    const gz = await page({ 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const gzBytes = Buffer.from(await gz.arrayBuffer());
    expect(brBytes.length).toBeLessThan(gzBytes.length);
    const fromBr = boardContentPage.parse(JSON.parse(brotliDecompressSync(brBytes).toString()));
    const fromGz = boardContentPage.parse(JSON.parse(gunzipSync(gzBytes).toString()));
    expect(fromBr).toEqual(fromGz);
    expect(fromBr.rows).toHaveLength(3000);
  });

  it('keeps gzip for br;q=0 and no compression for identity', async () => {
    expect((await page({ 'accept-encoding': 'gzip, br;q=0' })).headers.get('content-encoding')).toBe('gzip');
    const plain = await page({ 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(boardContentPage.parse(await plain.json()).rows).toHaveLength(3000);
  });

  it('still answers 304 to the weak ETag of a brotli answer', async () => {
    const first = await page({ 'accept-encoding': 'br' });
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\//);
    const again = await page({ 'accept-encoding': 'br', 'if-none-match': tag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-encoding')).toBeNull();
  });
});
