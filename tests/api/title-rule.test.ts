import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';
import { solidPng } from './fixtures/own-images';

/**
 * One title rule (shared/text-rules.ts) on every route that takes a title or a description.
 * Titles, game names and tags refuse NUL, C0 / C1 controls and line separators; descriptions and notes store CR
 * and CRLF as LF and refuse the other controls; a title the server makes from an upload's file name or an image
 * link's last segment is cleaned by the same rule.
 */
const BAD_TITLES = [
  'Offer\r# heading',
  'Offer\n- item',
  'Offer\r\n===',
  'Nul\u0000here',
  'C1\u0085next',
  'Sep\u2028arator',
  'Esc\u001b[31m',
];

/** A multipart upload with the file name written as raw bytes, as a client that does not escape it sends it. */
function rawUpload(t: TestApp, url: string, cookie: string, fileName: string, file: Buffer): Promise<Response> {
  const boundary = 'loot-title-rule-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
    'utf8',
  );
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return Promise.resolve(
    t.app.request(url, {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost', 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    }),
  );
}

describe('one title rule', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it.each(BAD_TITLES)(
    'refuses the title, game or tag %j on every route that takes one, writing nothing',
    async (bad) => {
      t = await createTestApp();
      const { cookie, board, section } = await seedUserBoard(t);
      const own = await (
        await rawUpload(t, `/api/boards/${board.id}/images`, cookie, 'shot.png', await solidPng())
      ).json();
      const before = await dumpBoardTables(t);
      const refused = async (method: string, url: string, json: unknown) =>
        expect((await expectJson(t, method, url, 400, { cookie, json })).error.code).toBe('invalid_input');
      await refused('PATCH', `/api/cards/${own.id}/details`, { title: bad });
      await refused('PATCH', `/api/cards/${own.id}/details`, { game: bad });
      await refused('PATCH', `/api/cards/${own.id}/details`, { tags: ['ok', bad] });
      await refused('POST', '/api/cards', { boardId: board.id, title: bad });
      await refused('POST', '/api/cards', { boardId: board.id, title: 'ok', game: bad });
      await refused('POST', '/api/cards', { boardId: board.id, title: 'ok', tags: [bad] });
      await refused('POST', '/api/sections', { boardId: board.id, title: bad, color: '#FDE2E4' });
      await refused('PATCH', `/api/sections/${section.id}`, { title: bad });
      await refused('POST', '/api/boards', { title: bad });
      await refused('PATCH', `/api/boards/${board.id}`, { title: bad });
      await refused('POST', '/api/feedback', { title: bad, message: 'hello' });
      // The ops batch is the same door: every op that takes a title keeps the one rule.
      for (const op of [
        { type: 'card.create', card: { title: bad } },
        { type: 'card.create', card: { title: 'ok', game: bad } },
        { type: 'card.create', card: { title: 'ok', tags: [bad] } },
        { type: 'card.update', id: own.id, patch: { title: bad } },
        { type: 'section.create', section: { title: bad, color: '#FDE2E4' } },
        { type: 'section.rename', id: section.id, title: bad },
        { type: 'board.rename', title: bad },
      ]) {
        await refused('POST', `/api/boards/${board.id}/ops`, { batchId: `title-rule-${op.type}`, ops: [op] });
      }
      expect(await dumpBoardTables(t)).toBe(before);
      expect(await t.sql('select * from feedback')).toEqual([]);
    },
  );

  it('stores descriptions and notes with CR and CRLF as LF, keeps tabs, and refuses other controls', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const card = await expectJson(t, 'POST', '/api/cards', 201, {
      cookie,
      json: {
        boardId: board.id,
        title: 'Notes',
        description: 'One\rtwo\r\nthree\tfour',
        detailedDescription: '# Head\r- item\r\n\r\nend',
      },
    });
    expect([card.description, card.detailedDescription]).toEqual(['One\ntwo\nthree\tfour', '# Head\n- item\n\nend']);
    const own = await (
      await rawUpload(t, `/api/boards/${board.id}/images`, cookie, 'shot.png', await solidPng())
    ).json();
    const edited = await expectJson(t, 'PATCH', `/api/cards/${own.id}/details`, 200, {
      cookie,
      json: { detailedDescription: 'a\r\nb\rc' },
    });
    expect(edited.detailedDescription).toBe('a\nb\nc');
    await expectJson(t, 'POST', '/api/feedback', 201, { cookie, json: { message: 'Line\r\nnext\rlast' } });
    expect((await t.sql<{ message: string }>('select message from feedback'))[0].message).toBe('Line\nnext\nlast');
    const before = await dumpBoardTables(t);
    for (const bad of ['Nul\u0000', 'Esc\u001b[0m', 'C1\u009b', 'Bell\u0007']) {
      await expectJson(t, 'POST', '/api/cards', 400, {
        cookie,
        json: { boardId: board.id, title: 'x', description: bad },
      });
      await expectJson(t, 'POST', '/api/cards', 400, {
        cookie,
        json: { boardId: board.id, title: 'x', detailedDescription: bad },
      });
      await expectJson(t, 'PATCH', `/api/cards/${own.id}/details`, 400, { cookie, json: { detailedDescription: bad } });
    }
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('makes single-line titles from upload file names and image link names', async () => {
    const png = await solidPng(40, 30, '#5a5');
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      t = await createTestApp({ env: { LOOT_IMAGE_LINKS_ALLOW_LOOPBACK: '1' } });
      const { cookie, board } = await seedUserBoard(t);
      // A browser escapes CR and LF in a file name as %0D %0A, and the form parser turns them back into CR and LF.
      const uploaded = await rawUpload(
        t,
        `/api/boards/${board.id}/images`,
        cookie,
        'Offer%0D%0A# Heading%0D\u0000\u0085 final.png',
        png,
      );
      expect(uploaded.status).toBe(201);
      expect((await uploaded.json()).title).toBe('Offer # Heading final');
      // A raw CR or LF inside the header is no form at all: a 400, never a 500.
      const broken = await rawUpload(t, `/api/boards/${board.id}/images`, cookie, 'Offer\r# Heading.png', png);
      expect(broken.status).toBe(400);
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const linked = await expectJson(t, 'POST', `/api/boards/${board.id}/image-links`, 201, {
        cookie,
        json: { url: `${base}/shots/Offer%0D%0A%23%20Heading%00%E2%80%A8end.png` },
      });
      expect(linked.title).toBe('Offer # Heading end');
      const titles = await t.sql<{ title: string }>('select title from cards');
      expect(titles.map((r) => r.title).join('|')).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
