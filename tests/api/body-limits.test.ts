import { afterEach, describe, expect, it } from 'vitest';
import { BOARD_BATCH_BODY_BYTES_MAX } from '#shared/constants';
import { OWN_IMAGE_LIMITS } from '#shared/own-images';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';
import { solidPng, upload } from './fixtures/own-images';

const MB = 1024 * 1024;
const DEFAULT_LIMIT = 1_000_000;

/**
 * Body limits belong to the routes that need them: the ops door and the two image uploads declare
 * their own, and every other route gets LOOT_BODY_LIMIT_BYTES. Each limited route answers an oversized body with a
 * 413 JSON error and writes nothing; a body the route allows passes, even one past the default, which shows the
 * default stood aside for the route's own limit.
 */
describe('body limits per route', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  const tooLarge = async (res: Response) => {
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/json/);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('payload_too_large');
    expect(error.message.length).toBeGreaterThan(0);
    return error;
  };

  it('a route without a limit of its own takes the default: over it 413, under it the write happens', async () => {
    t = await createTestApp({ env: { LOOT_BODY_LIMIT_BYTES: String(DEFAULT_LIMIT) } });
    const { cookie, board } = await seedUserBoard(t);
    const before = await dumpBoardTables(t);
    const headers = { origin: 'http://localhost' };
    const big = { title: 'Renamed', pad: 'x'.repeat(DEFAULT_LIMIT) };
    await tooLarge(await t.call('PATCH', `/api/boards/${board.id}`, { cookie, headers, json: big }));
    expect(await dumpBoardTables(t)).toBe(before);
    const renamed = await expectJson(t, 'PATCH', `/api/boards/${board.id}`, 200, {
      cookie,
      headers,
      json: { title: 'Renamed' },
    });
    expect(renamed.title).toBe('Renamed');
  });

  it('the ops door takes a batch past the default up to its own limit, and refuses one past that', async () => {
    t = await createTestApp({ env: { LOOT_BODY_LIMIT_BYTES: String(DEFAULT_LIMIT) } });
    const { cookie, board } = await seedUserBoard(t);
    const headers = { origin: 'http://localhost' };
    const creates = (n: number, detail: string) =>
      Array.from({ length: n }, (_, i) => ({
        type: 'card.create',
        card: { title: `Long ${i}`, detailedDescription: detail },
      }));
    // About 1.5 MB: over the default, under the door's limit.
    const allowed = { batchId: 'limits-allowed', ops: creates(30, 'y'.repeat(50_000)) };
    expect(JSON.stringify(allowed).length).toBeGreaterThan(DEFAULT_LIMIT);
    const ok = await t.call('POST', `/api/boards/${board.id}/ops`, { cookie, headers, json: allowed });
    expect(ok.status).toBe(200);
    const cards = await expectJson(t, 'GET', `/api/cards?boardId=${board.id}`, 200, { cookie });
    expect(cards.filter((c: { title: string }) => c.title.startsWith('Long ')).length).toBe(30);

    const before = await dumpBoardTables(t);
    const count = Math.ceil(BOARD_BATCH_BODY_BYTES_MAX / 50_000) + 1;
    const over = { batchId: 'limits-over', ops: creates(count, 'z'.repeat(50_000)) };
    const error = await tooLarge(await t.call('POST', `/api/boards/${board.id}/ops`, { cookie, headers, json: over }));
    expect(error.message).toMatch(/several batches/);
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('the old whole-layout save is gone: its path gets the default limit and a 404, writing nothing', async () => {
    t = await createTestApp({ env: { LOOT_BODY_LIMIT_BYTES: String(DEFAULT_LIMIT) } });
    const { cookie, board, cards } = await seedUserBoard(t);
    const headers = { origin: 'http://localhost' };
    const url = `/api/boards/${board.id}/layout`;
    const before = await dumpBoardTables(t);
    // Layouts go through the ops door now; the path no longer takes the large body it used to.
    await tooLarge(await t.call('PATCH', url, { cookie, headers, json: { updates: [], pad: 'x'.repeat(2 * MB) } }));
    const updates = [{ type: 'card', id: cards[0].id, position: { x: 4321, y: 1234 } }];
    const gone = await expectJson(t, 'PATCH', url, 404, { cookie, headers, json: { updates } });
    expect(gone.error.code).toBe('not_found');
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('the image uploads take a file past the default up to theirs, and refuse a larger body', async () => {
    t = await createTestApp({ env: { LOOT_BODY_LIMIT_BYTES: String(DEFAULT_LIMIT) } });
    const { cookie, board } = await seedUserBoard(t);
    // A small picture with a 1.5 MB field beside it: the body is past the default.
    const pad = { note: 'p'.repeat(1.5 * MB) };
    const created = await upload(t, `/api/boards/${board.id}/images`, {
      cookie,
      file: await solidPng(12, 12, '#135'),
      fields: pad,
    });
    expect(created.status).toBe(201);
    const card = (await created.json()) as { id: number; images: string[] };
    const added = await upload(t, `/api/cards/${card.id}/images`, {
      cookie,
      file: await solidPng(12, 12, '#246'),
      fields: pad,
    });
    expect(added.status).toBe(201);

    const before = await dumpBoardTables(t);
    const huge = Buffer.alloc(OWN_IMAGE_LIMITS.maxBytes + 2 * MB, 1);
    await tooLarge(await upload(t, `/api/boards/${board.id}/images`, { cookie, file: huge, name: 'huge.png' }));
    await tooLarge(await upload(t, `/api/cards/${card.id}/images`, { cookie, file: huge, name: 'huge.png' }));
    expect(await dumpBoardTables(t)).toBe(before);
  });
});
