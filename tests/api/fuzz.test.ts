import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_BATCH_BODY_BYTES_MAX } from '#shared/constants';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, insertQuery, seedUserBoard } from './fixtures/board-api';

/** A small seeded generator, so a failure names a seed that reproduces it. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** JSON texts of values that are the wrong type, size or shape for some field (raw text, so depth is unbounded). */
const NASTY_VALUES = [
  'null',
  'true',
  'false',
  '0',
  '-1',
  '1.5',
  '1e999',
  '-1e999',
  '9007199254740993',
  '""',
  '"   "',
  '"x"',
  '"5"',
  '[]',
  '{}',
  '[1,2]',
  '{"x":1}',
  '{"x":"1","y":"2"}',
  '{"width":-1,"height":0}',
  JSON.stringify('x'.repeat(300_000)),
  JSON.stringify('\u0000\u202e<script>alert(1)</script>'),
  deepArray(5_000),
  deepObject(5_000),
  `[${'1,'.repeat(50_000)}1]`,
];

/** Whole bodies that no JSON route may accept. */
const NASTY_BODIES: { body: string; contentType: string }[] = [
  { body: '{"title":', contentType: 'application/json' },
  { body: '{', contentType: 'application/json' },
  { body: 'nul', contentType: 'application/json' },
  { body: '', contentType: 'application/json' },
  { body: '"just a string"', contentType: 'application/json' },
  { body: '[1,2,3]', contentType: 'application/json' },
  { body: '42', contentType: 'application/json' },
  { body: deepArray(100_000), contentType: 'application/json' },
  { body: '{"title":"x"}', contentType: 'text/plain' },
  { body: '{"title":"x"}', contentType: 'application/x-www-form-urlencoded' },
  { body: 'title=x&boardId=1', contentType: 'application/x-www-form-urlencoded' },
  {
    body: '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--b--',
    contentType: 'multipart/form-data; boundary=b',
  },
  { body: JSON.stringify({ title: 'x'.repeat(2_000_000) }), contentType: 'application/json' },
];

describe('fuzzed requests to the board API', () => {
  let t: TestApp;
  let cookie: string;
  let routes: { method: string; url: string; fields: Record<string, unknown> }[];

  beforeAll(async () => {
    t = await createTestApp();
    const seeded = await seedUserBoard(t);
    cookie = seeded.cookie;
    const queryId = await insertQuery(t, seeded.user.id, seeded.board.id);
    const { board, section, cards } = seeded;
    const pos = { x: 1, y: 2 };
    // Each JSON route with a valid body; the fuzzer breaks one field at a time or replaces the whole body.
    routes = [
      { method: 'POST', url: '/api/boards', fields: { title: 'Fuzz' } },
      { method: 'PATCH', url: `/api/boards/${board.id}`, fields: { title: 'Fuzz', isShared: 1 } },
      {
        method: 'POST',
        url: `/api/boards/${board.id}/ops`,
        fields: {
          batchId: `fuzz-${process.pid}-layout`,
          ops: [{ type: 'layout.set', cards: [{ id: cards[0].id, position: pos }] }],
        },
      },
      {
        method: 'POST',
        url: '/api/cards',
        fields: {
          boardId: board.id,
          sectionId: section.id,
          title: 't',
          images: ['a'],
          tags: ['b'],
          position: pos,
          isBookmarked: 0,
          orientation: 'vertical',
        },
      },
      { method: 'PATCH', url: `/api/cards/${cards[0].id}/position`, fields: { position: pos } },
      { method: 'PATCH', url: `/api/cards/${cards[1].id}/section`, fields: { sectionId: section.id } },
      { method: 'PATCH', url: `/api/cards/${cards[1].id}`, fields: { sectionId: section.id } },
      { method: 'PATCH', url: `/api/cards/${cards[0].id}/board`, fields: { boardId: board.id } },
      {
        method: 'POST',
        url: '/api/sections',
        fields: { boardId: board.id, title: 's', color: '#FFFFFF', position: pos, size: { width: 5, height: 5 } },
      },
      { method: 'PATCH', url: `/api/sections/${section.id}/position`, fields: { position: pos } },
      { method: 'PATCH', url: `/api/sections/${section.id}/size`, fields: { size: { width: 5, height: 5 } } },
      { method: 'PATCH', url: `/api/sections/${section.id}`, fields: { title: 's' } },
      { method: 'PATCH', url: `/api/queries/${queryId}/rating`, fields: { rating: 3 } },
    ];
  });
  afterAll(() => t?.close());

  async function send(method: string, url: string, body: string, contentType: string) {
    const res = await t.app.request(url, {
      method,
      body,
      headers: { cookie, origin: 'http://localhost', 'content-type': contentType },
    });
    const text = await res.text();
    return { status: res.status, text };
  }

  it('answers wrong types, huge strings and deep nesting in any field with a 4xx, never a 500, and a refusal writes nothing', async () => {
    const random = prng(20260115);
    let refused = 0;
    let accepted = 0;
    for (let i = 0; i < 400; i++) {
      const route = random.pick(routes);
      const keys = Object.keys(route.fields);
      const broken = random.pick(keys);
      // Raw JSON text: the valid fields, with one replaced by a nasty value (or an extra unknown key added).
      const parts = keys.map(
        (k) => `${JSON.stringify(k)}:${k === broken ? random.pick(NASTY_VALUES) : JSON.stringify(route.fields[k])}`,
      );
      if (random.next() < 0.2)
        parts.push(`"__proto__":{"polluted":true}`, `"constructor":{"prototype":{"polluted":true}}`);
      const before = await dumpBoardTables(t);
      const { status, text } = await send(route.method, route.url, `{${parts.join(',')}}`, 'application/json');
      expect(status, `${route.method} ${route.url} broke ${broken}: ${status} ${text.slice(0, 200)}`).toBeLessThan(500);
      if (status >= 400) {
        refused += 1;
        expect(JSON.parse(text).error.code).toMatch(/^(invalid_input|payload_too_large|not_found)$/);
        expect(await dumpBoardTables(t), `${route.method} ${route.url} wrote after ${status}`).toBe(before);
      } else {
        accepted += 1; // e.g. a "__proto__" key beside valid fields: harmless, and the prototype stays clean
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(refused).toBeGreaterThan(300);
    expect(refused + accepted).toBe(400);
    // Hundreds of requests: about 21 s on PostgreSQL on CI's two cores, too close to the default 30 s to be a
    // safety net on a loaded machine (a test left running past its timeout would also write under the next one).
  }, 120_000);

  it('refuses malformed, non-JSON, non-object and oversized bodies on every JSON route, writing nothing', async () => {
    const before = await dumpBoardTables(t);
    for (const route of routes) {
      for (const { body, contentType } of NASTY_BODIES) {
        const { status, text } = await send(route.method, route.url, body, contentType);
        expect(
          status,
          `${route.method} ${route.url} [${contentType}] ${body.slice(0, 40)}: ${text.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
      }
    }
    expect(await dumpBoardTables(t)).toBe(before);
  }, 120_000);

  it('refuses malformed ids in paths and queries with 400 or 404, writing nothing', async () => {
    const before = await dumpBoardTables(t);
    const badIds = [
      '0',
      '-1',
      '1.5',
      'abc',
      '%00',
      '99999999999999999999',
      '1;drop table cards',
      '[1]',
      '%2e%2e',
      'NaN',
      'Infinity',
    ];
    for (const id of badIds) {
      for (const [method, url, body] of [
        ['PATCH', `/api/boards/${id}`, '{"title":"x"}'],
        ['DELETE', `/api/boards/${id}`, ''],
        ['POST', `/api/boards/${id}/ops`, '{"batchId":"fuzz-bad-board-id","ops":[{"type":"board.organize"}]}'],
        ['GET', `/api/cards?boardId=${id}`, ''],
        ['GET', `/api/sections?boardId=${id}`, ''],
        ['PATCH', `/api/cards/${id}/bookmark`, ''],
        ['PATCH', `/api/cards/${id}/position`, '{"position":{"x":1,"y":1}}'],
        ['DELETE', `/api/cards/${id}`, ''],
        ['DELETE', `/api/sections/${id}`, ''],
        ['PATCH', `/api/queries/${id}/rating`, '{"rating":3}'],
      ] as const) {
        const res = await t.app.request(url, {
          method,
          body: method === 'GET' ? undefined : body || undefined,
          headers: { cookie, origin: 'http://localhost', ...(body ? { 'content-type': 'application/json' } : {}) },
        });
        expect([400, 404], `${method} ${url} → ${res.status}`).toContain(res.status);
      }
    }
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('refuses a layout batch over the ops door’s body limit with 413, writing nothing', async () => {
    const before = await dumpBoardTables(t);
    const route = routes.find((r) => r.url.endsWith('/ops'))!;
    const { status, text } = await send(
      route.method,
      route.url,
      JSON.stringify({ ...route.fields, pad: 'x'.repeat(BOARD_BATCH_BODY_BYTES_MAX) }),
      'application/json',
    );
    expect(JSON.parse(text).error.code).toBe('payload_too_large');
    expect(status).toBe(413);
    expect(await dumpBoardTables(t)).toBe(before);
  });
});
