import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ownImageSpellings } from '../helpers/own-image-spellings';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';
import { solidPng, upload } from './fixtures/own-images';

/**
 * A user who knows the path of another user's own image cannot reach it through any route, in
 * any spelling: not by putting it on a card (create; the only card update that takes images is the gallery
 * upload, which mints its own URL, and PATCH details refuses an images field), not through the PDF or Markdown
 * export, not as a variant. Runs on SQLite and on PostgreSQL (the vitest `postgres` project); the bucket case is
 * in storage-s3.test.ts.
 */
describe('a private image is private through every route', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  /** The victim's own image, and a stranger with a board of their own. */
  async function victimAndStranger() {
    t = await createTestApp();
    const victim = await seedUserBoard(t);
    const card = await (
      await upload(t, `/api/boards/${victim.board.id}/images`, {
        cookie: victim.cookie,
        file: await solidPng(90, 60, '#a0c'),
      })
    ).json();
    const url: string = card.images[0];
    const sha = /own\/([0-9a-f]{64})\./.exec(url)![1];
    const stranger = await seedUserBoard(t);
    return { victim, url, sha, stranger };
  }

  it('refuses every spelling of another user’s own image on card create and update, writing nothing', async () => {
    const { url, sha, stranger } = await victimAndStranger();
    for (const spelling of ownImageSpellings(url)) {
      const refused = await expectJson(t, 'POST', '/api/cards', 400, {
        cookie: stranger.cookie,
        json: { boardId: stranger.board.id, title: 'x', images: [spelling] },
      });
      expect(refused.error.code, spelling).toBe('image_gone');
      await expectJson(t, 'POST', '/api/cards', 400, {
        cookie: stranger.cookie,
        json: { boardId: stranger.board.id, title: 'x', images: ['/api/storage/a.png', spelling] },
      });
      // The ops batch creates cards through the same rule: undo of a delete travels this way.
      const refusedOp = await expectJson(t, 'POST', `/api/boards/${stranger.board.id}/ops`, 400, {
        cookie: stranger.cookie,
        json: {
          batchId: `own-image-${Buffer.from(spelling).toString('hex').slice(0, 40)}`,
          ops: [{ type: 'card.create', card: { title: 'x', images: [spelling] } }],
        },
      });
      expect(refusedOp.error.code, spelling).toBe('image_gone');
    }
    const ownCard = await (
      await upload(t, `/api/boards/${stranger.board.id}/images`, {
        cookie: stranger.cookie,
        file: await solidPng(20, 20, '#123'),
      })
    ).json();
    const afterUpload = await dumpBoardTables(t);
    for (const spelling of ownImageSpellings(url)) {
      await expectJson(t, 'PATCH', `/api/cards/${ownCard.id}/details`, 400, {
        cookie: stranger.cookie,
        json: { images: [spelling] },
      });
      await expectJson(t, 'PATCH', `/api/cards/${ownCard.id}/details`, 400, {
        cookie: stranger.cookie,
        json: { title: 'y', images: [...ownCard.images, spelling] },
      });
      await expectJson(t, 'POST', `/api/boards/${stranger.board.id}/ops`, 400, {
        cookie: stranger.cookie,
        json: {
          batchId: 'own-image-update',
          ops: [{ type: 'card.update', id: ownCard.id, patch: { images: [spelling] } }],
        },
      });
    }
    expect(await dumpBoardTables(t)).toBe(afterUpload);
    const strangersImages = await t.sql<{ images: string }>('select images from cards where board_id = ?', [
      stranger.board.id,
    ]);
    expect(strangersImages.map((c) => c.images).join()).not.toContain(sha);
    for (const spelling of ownImageSpellings(url).filter((s) => s.startsWith('/'))) {
      expect((await t.call('GET', spelling, { cookie: stranger.cookie })).status, spelling).toBe(404);
    }
  });

  it('stores the owner’s own image named in any spelling as the one canonical URL', async () => {
    const { victim, url } = await victimAndStranger();
    for (const spelling of ownImageSpellings(url)) {
      const card = await expectJson(t, 'POST', '/api/cards', 201, {
        cookie: victim.cookie,
        json: { boardId: victim.board.id, title: 'again', images: [spelling] },
      });
      expect(card.images, spelling).toEqual([url]);
      const { change } = await expectJson(t, 'POST', `/api/boards/${victim.board.id}/ops`, 200, {
        cookie: victim.cookie,
        json: {
          batchId: `own-spelling-${card.id}`,
          ops: [{ type: 'card.create', card: { title: 'by op', images: [spelling] } }],
        },
      });
      expect(
        change.cards.map((row: unknown[]) => row[11]),
        spelling,
      ).toEqual([[url]]);
    }
    const own = await t.sql<{ n: number }>(`select count(*) as n from cards where source = 'own' and images = ?`, [
      JSON.stringify([url]),
    ]);
    expect(Number(own[0].n)).toBe(2 * ownImageSpellings(url).length + 1);
  });

  it('leaves another user’s own image out of the PDF and Markdown exports in every spelling, variants included', async () => {
    const { victim, url, sha, stranger } = await victimAndStranger();
    // Cards written before the fix: the spellings stored as sent (the exact URL was refused then), on an ordinary
    // card and on an own card.
    const spellings = ownImageSpellings(url);
    const stored = spellings.filter((s) => s !== url);
    for (const source of ['catalogue', 'own']) {
      await t.sql('insert into cards (board_id, title, images, source) values (?, ?, ?, ?)', [
        stranger.board.id,
        `Spelled ${source}`,
        JSON.stringify(stored),
        source,
      ]);
    }
    const [spelled] = await t.sql<{ id: number }>(
      `select id from cards where board_id = ? and title = 'Spelled catalogue'`,
      [stranger.board.id],
    );

    const md = await t.call('GET', `/api/boards/${stranger.board.id}/export?format=md`, { cookie: stranger.cookie });
    expect(md.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await md.arrayBuffer()));
    expect(Object.keys(entries).filter((name) => name.startsWith('images/'))).toEqual([]);
    const brief = strFromU8(entries['brief.md']);
    expect(brief).toContain('### Spelled catalogue');
    expect(brief).not.toContain(sha);

    const pdfImages = async (boardId: number, cookie: string, query = '') => {
      const pdf = await t.call('GET', `/api/boards/${boardId}/export?format=pdf${query}`, { cookie });
      expect(pdf.status).toBe(200);
      const file = path.join(t.dir, `export-${boardId}-${Date.now()}.pdf`);
      fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
      // pdfimages -list: two header lines, then one line per embedded image.
      return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2;
    };
    expect(await pdfImages(stranger.board.id, stranger.cookie)).toBe(0);
    expect(await pdfImages(stranger.board.id, stranger.cookie, `&cardIds=${spelled.id}`)).toBe(0);

    // The owner's board with the same spellings: every one is the owner's image, packed once per spelling.
    await t.sql('insert into cards (board_id, title, images, source) values (?, ?, ?, ?)', [
      victim.board.id,
      'Spelled',
      JSON.stringify(spellings),
      'catalogue',
    ]);
    const mine = unzipSync(
      new Uint8Array(
        await (
          await t.call('GET', `/api/boards/${victim.board.id}/export?format=md`, { cookie: victim.cookie })
        ).arrayBuffer(),
      ),
    );
    expect(Object.keys(mine).filter((name) => name.startsWith('images/'))).toHaveLength(spellings.length + 1);
    expect(await pdfImages(victim.board.id, victim.cookie)).toBeGreaterThan(0);
  });
});
