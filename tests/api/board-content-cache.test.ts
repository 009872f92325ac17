import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompressedBodyCache } from '../../api/middleware/compressed-once';
import { BoardContentCache } from '../../api/services/board-content-cache';
import { sessionMiddleware } from '../../api/middleware/session';
import type { AppEnv } from '../../api/env';
import { boardContentRoutes } from '../../api/routes/board-content.route';
import { eq } from 'drizzle-orm';
import { cards, sections } from '../../api/db/schema';
import { boardContentPage } from '#shared/schemas/board-content';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Board content built once per content version and compressed once per ETag: the content route over
 * the real session middleware with caches the test can look into; the page itself comes from the real database.
 */
describe('GET /api/boards/:id/content: kept pages and compressed bytes', () => {
  let t: TestApp;
  let cookie: string;
  let boardId: number;
  let caches: { pages: BoardContentCache; compressed: CompressedBodyCache };
  let app: Hono<AppEnv>;

  beforeEach(async () => {
    t = await createTestApp();
    ({ cookie } = await t.signIn(undefined, { planId: 4, monthlyLimit: -1 }));
    boardId = (await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Board' } })).json()).id;
    const rows = Array.from({ length: 225 }, (_, i) => ({
      boardId,
      title: `Card ${i}`,
      description: `Feature ${i % 7}`,
      game: 'Game',
      x: i * 10,
      y: i,
    }));
    await t.db.insert(cards).values(rows);
    caches = { pages: new BoardContentCache(), compressed: new CompressedBodyCache() };
    app = new Hono<AppEnv>();
    app.use('*', sessionMiddleware(t.deps));
    app.route('/api/boards', boardContentRoutes(t.deps, caches));
  });
  afterEach(() => t.close());

  const get = async () => {
    const res = await app.request(`/api/boards/${boardId}/content?limit=5000`, {
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await res.arrayBuffer());
    return {
      etag: res.headers.get('etag')!,
      bytes,
      page: boardContentPage.parse(JSON.parse(brotliDecompressSync(bytes).toString())),
    };
  };

  it('serves one compression for an unchanged page, and new bytes once the board changes', async () => {
    const first = await get();
    const again = await Promise.all([get(), get(), get()]);
    expect([caches.pages.size, caches.compressed.size]).toEqual([1, 1]);
    for (const a of again) {
      expect(a.etag).toBe(first.etag);
      expect(a.bytes.equals(first.bytes)).toBe(true);
    }
    const moved = first.page.rows[0][0];
    const patched = await t.call('PATCH', `/api/cards/${moved}/position`, {
      cookie,
      json: { position: { x: 4321, y: 1234 } },
    });
    expect(patched.status).toBe(200);
    const after = await get();
    expect(after.etag).not.toBe(first.etag);
    expect([caches.pages.size, caches.compressed.size]).toEqual([2, 2]);
    const row = after.page.rows.find((r) => r[0] === moved)!;
    expect([row[2], row[3]]).toEqual([4321, 1234]);
  });

  it('answers 304 to the tag it sent, without compressing anything', async () => {
    const first = await get();
    const res = await app.request(`/api/boards/${boardId}/content?limit=5000`, {
      headers: { cookie, 'accept-encoding': 'br', 'if-none-match': first.etag },
    });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(first.etag);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
    expect(caches.compressed.size).toBe(1);
  });

  it('never serves a kept page after any write to the board, whoever makes it', async () => {
    const first = await get();
    const card = first.page.rows[5][0];
    // Writes outside the routes (another process, a worker, a CLI) reach the page through the database's triggers.
    await t.db.update(cards).set({ title: 'Renamed elsewhere' }).where(eq(cards.id, card));
    const renamed = await get();
    expect(renamed.page.rows.find((r) => r[0] === card)![6]).toBe('Renamed elsewhere');
    const section = await (
      await t.call('POST', '/api/sections', {
        cookie,
        json: {
          boardId,
          title: 'Shops',
          color: '#FDE2E4',
          position: { x: 0, y: 0 },
          size: { width: 400, height: 100 },
        },
      })
    ).json();
    expect((await get()).page.sections?.map((s) => s.id)).toContain(section.id);
    await t.db.update(sections).set({ title: 'Offers' }).where(eq(sections.id, section.id));
    expect((await get()).page.sections?.find((s) => s.id === section.id)?.title).toBe('Offers');
    // The reader's own bookmark (per person) is not a board change, yet their next page carries it.
    expect(
      (await t.call('PATCH', `/api/cards/${card}/bookmark`, { cookie, headers: { origin: 'http://localhost' } }))
        .status,
    ).toBe(200);
    expect((await get()).page.rows.find((r) => r[0] === card)![5]).toBe(1);
    await t.db.delete(cards).where(eq(cards.id, card));
    const gone = await get();
    expect(gone.page.rows.some((r) => r[0] === card)).toBe(false);
    expect(gone.page.total).toBe(224);
  });

  it('keeps each page (cursor, limit) apart', async () => {
    await get();
    const second = await app.request(`/api/boards/${boardId}/content?limit=50`, {
      headers: { cookie, 'accept-encoding': 'br' },
    });
    expect(
      boardContentPage.parse(JSON.parse(brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString())).rows,
    ).toHaveLength(50);
    expect(caches.pages.size).toBe(2);
  });
});
