import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boardContentPage, expandCompactRow } from '#shared/schemas/board-content';
import { lockedSectionIds } from '#shared/section-lock';
import { cards, sections } from '../../api/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('GET /api/boards/:id/content (compact, paged, compressed, ETag)', () => {
  let t: TestApp;
  let cookie: string;
  let boardId: number;

  beforeEach(async () => {
    t = await createTestApp();
    ({ cookie } = await t.signIn(undefined, { planId: 2, monthlyLimit: 40 }));
    boardId = (await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Big board' } })).json()).id;
    const s = await t.db
      .insert(sections)
      .values({ boardId, title: 'Offers', color: '#FDE2E4' })
      .returning()
      .then((r) => r[0]);
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      boardId,
      sectionId: i % 3 === 0 ? null : s.id,
      title: `Card ${i} "quoted"`,
      description: 'Short',
      detailedDescription: 'Long text that the board never needs '.repeat(20),
      game: 'Royal Match',
      gameLink: 'https://example.test/rm',
      images: [`/api/storage/catalogue/${i}.webp`],
      tags: ['Monetization', 'Offers'],
      orientation: i % 2 ? 'vertical' : 'horizontal',
      x: i * 10,
      y: i,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(cards).values(rows.slice(i, i + 500));
  });
  afterEach(() => t.close());

  const page = async (query: string, headers: Record<string, string> = {}) =>
    t.call('GET', `/api/boards/${boardId}/content${query}`, { cookie, headers });

  it('pages through every card exactly once, in id order, with sections and total on the first page', async () => {
    const seen: number[] = [];
    let cursor: number | null = 0;
    let first = true;
    while (cursor !== null) {
      const res = await page(`?cursor=${cursor}&limit=1000`);
      expect(res.status).toBe(200);
      const body = boardContentPage.parse(await res.json());
      if (first) {
        expect(body.total).toBe(2345);
        expect(body.sections?.map((s) => s.title)).toEqual(['Offers']);
        first = false;
      } else {
        expect(body.total).toBeUndefined();
      }
      seen.push(...body.rows.map((r) => r[0]));
      cursor = body.nextCursor;
    }
    expect(seen).toHaveLength(2345);
    expect(new Set(seen).size).toBe(2345);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const full = await (await t.call('GET', `/api/cards?boardId=${boardId}`, { cookie })).json();
    const byId = new Map(full.map((c: { id: number }) => [c.id, c]));
    const firstPage = boardContentPage.parse(await (await page('?limit=5')).json());
    for (const row of firstPage.rows) {
      const expanded = expandCompactRow(row);
      const {
        detailedDescription: _d,
        boardId: _b,
        featureId: _f,
        createdAt: _c,
        ...drawn
      } = byId.get(expanded.id) as Record<string, unknown>;
      expect(expanded).toEqual(drawn);
    }
  });

  it('leaves the detailed description out and compresses the answer', async () => {
    const res = await page('?limit=2000', { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const compressed = Buffer.from(await res.arrayBuffer());
    const raw = gunzipSync(compressed);
    expect(raw.toString()).not.toContain('Long text');
    expect(raw.length / compressed.length).toBeGreaterThan(5);
  });

  it('answers 304 for an unchanged page and a fresh ETag after a change', async () => {
    const res = await page('?limit=500');
    const tag = res.headers.get('etag');
    expect(tag).toBeTruthy();
    expect((await page('?limit=500', { 'if-none-match': tag! })).status).toBe(304);
    const anyCard = boardContentPage.parse(await res.json()).rows[0][0];
    await t.call('PATCH', `/api/cards/${anyCard}/position`, { cookie, json: { position: { x: 1, y: 2 } } });
    const changed = await page('?limit=500', { 'if-none-match': tag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });

  it('says on the first page the content version a screen follows the board from', async () => {
    const stored = async () =>
      Number(
        (
          await t.sql<{ version: number }>('select version from board_content_versions where board_id = ?', [boardId])
        )[0].version,
      );
    const first = boardContentPage.parse(await (await page('?limit=500')).json());
    expect(first.version).toBe(await stored());
    expect(
      boardContentPage.parse(await (await page(`?cursor=${first.nextCursor}&limit=500`)).json()).version,
    ).toBeUndefined();
    await t.call('PATCH', `/api/cards/${first.rows[0][0]}/position`, { cookie, json: { position: { x: 3, y: 4 } } });
    const after = boardContentPage.parse(await (await page('?limit=500')).json());
    expect(after.version).toBe(await stored());
    expect(after.version).toBeGreaterThan(first.version!);
  });

  it('is owner-scoped and validates its query', async () => {
    const other = await t.signIn();
    expect((await t.call('GET', `/api/boards/${boardId}/content`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.call('GET', `/api/boards/${boardId}/content`)).status).toBe(401);
    expect((await page('?limit=0')).status).toBe(400);
    expect((await page('?cursor=-1')).status).toBe(400);
    expect((await page('?limit=20001')).status).toBe(400);
  });

  it('never sends a free user the cards of locked sections', async () => {
    const free = await t.signIn();
    const board = await (
      await t.call('POST', '/api/boards', { cookie: free.cookie, json: { title: 'Free board' } })
    ).json();
    const made = await Promise.all(
      ['A', 'B', 'C', 'D'].map(
        async (title) =>
          await t.db
            .insert(sections)
            .values({ boardId: board.id, title, color: '#FDE2E4' })
            .returning()
            .then((r) => r[0]),
      ),
    );
    for (const s of made)
      await t.db
        .insert(cards)
        .values(Array.from({ length: 5 }, (_, i) => ({ boardId: board.id, sectionId: s.id, title: `${s.title}${i}` })));
    const locked = lockedSectionIds(1, 'Free board', made);
    const body = boardContentPage.parse(
      await (await t.call('GET', `/api/boards/${board.id}/content`, { cookie: free.cookie })).json(),
    );
    expect(body.total).toBe(20 - locked.size * 5);
    expect(body.rows.every((r) => r[1] === null || !locked.has(r[1]))).toBe(true);
    expect(body.sections?.filter((s) => s.locked).length).toBe(locked.size);
  });
});
