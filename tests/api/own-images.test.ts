import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS, storageBytesForPlan } from '#shared/plans';
import { OWN_IMAGE_LIMITS } from '#shared/own-images';
import { ORPHAN_GRACE_MS, sweepOwnImages } from '../../api/services/own-images.service';
import { createTestApp, testClock, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';
import { ownFiles, ownImageRows, pixelBombPng, solidPng, upload } from './fixtures/own-images';

describe('own images: uploads', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('stores a re-encoded, content-addressed image with variants and answers the own card', async () => {
    t = await createTestApp();
    const { cookie, board, section } = await seedUserBoard(t);
    const png = await solidPng(300, 600);
    const res = await upload(t, `/api/boards/${board.id}/images`, {
      cookie,
      file: png,
      name: 'Offer screen.final.png',
      fields: { x: '120.5', y: '-40', sectionId: String(section.id) },
    });
    expect(res.status).toBe(201);
    const card = await res.json();
    expect(card).toMatchObject({
      boardId: board.id,
      sectionId: section.id,
      title: 'Offer screen.final',
      orientation: 'vertical',
      position: { x: 120.5, y: -40 },
      description: '',
    });
    expect(card.images).toHaveLength(1);
    expect(card.images[0]).toMatch(/^\/api\/storage\/own\/[0-9a-f]{64}\.png$/);
    const sha = /own\/([0-9a-f]{64})/.exec(card.images[0])![1];
    const stored = fs.readFileSync(path.join(t.config.storageDir, 'own', `${sha}.png`));
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(stored).digest('hex')).toBe(sha);
    expect(ownFiles(t)).toEqual(
      [`own/${sha}.png`, `w/320/own/${sha}.png`, `w/96/own/${sha}.png`].map((f) => f.split('/').join(path.sep)).sort(),
    );
    const [row] = await ownImageRows(t);
    expect(row).toMatchObject({ sha256: sha, url: card.images[0] });
    expect(row.bytes).toBeGreaterThan(stored.length);

    const served = await t.call('GET', card.images[0], { cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toMatch(/^private/);
    const variant = await t.call('GET', `/api/storage/w/96/own/${sha}.png`, { cookie });
    expect(variant.status).toBe(200);
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(96);
    const listed = await expectJson(t, 'GET', `/api/cards?boardId=${board.id}`, 200, { cookie });
    expect(listed.at(-1)).toEqual(card);
  });

  it('applies EXIF orientation, then strips metadata; GIF keeps its first frame, AVIF is stored as WebP', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    // 40×20 pixels, EXIF orientation 6 (rotate 90°): shown as 20×40.
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0a0' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret location' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const card = await (
      await upload(t, `/api/boards/${board.id}/images`, { cookie, file: jpeg, name: 'phone.jpg' })
    ).json();
    expect(card.images[0]).toMatch(/\.jpg$/);
    const stored = Buffer.from(await (await t.call('GET', card.images[0], { cookie })).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(card.orientation).toBe('vertical');

    // A CMYK JPEG (print material) is stored in sRGB.
    const cmyk = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#c40' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const cmykCard = await (
      await upload(t, `/api/boards/${board.id}/images`, { cookie, file: cmyk, name: 'print.jpg' })
    ).json();
    const cmykStored = Buffer.from(await (await t.call('GET', cmykCard.images[0], { cookie })).arrayBuffer());
    expect((await sharp(cmykStored).metadata()).space).toBe('srgb');

    const gif = await sharp({ create: { width: 30, height: 10, channels: 4, background: '#00f' } })
      .gif()
      .toBuffer();
    const gifCard = await (
      await upload(t, `/api/boards/${board.id}/images`, { cookie, file: gif, name: 'anim.gif' })
    ).json();
    expect(gifCard.images[0]).toMatch(/\.png$/);
    const avif = await sharp({ create: { width: 30, height: 10, channels: 3, background: '#f0f' } })
      .avif()
      .toBuffer();
    const avifCard = await (
      await upload(t, `/api/boards/${board.id}/images`, { cookie, file: avif, name: 'x.avif' })
    ).json();
    expect(avifCard.images[0]).toMatch(/\.webp$/);
    expect(avifCard.orientation).toBe('horizontal');
  });

  it('refuses empty, fake, SVG, truncated, bomb and oversized files with a clear 4xx, writing nothing', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const png = await solidPng(200, 200);
    const big = Buffer.concat([png, Buffer.alloc(OWN_IMAGE_LIMITS.maxBytes)]);
    const before = await dumpBoardTables(t);
    const cases: [Buffer, string, number, string][] = [
      [Buffer.alloc(0), 'empty.png', 400, 'empty_file'],
      [Buffer.from('just some text, renamed'), 'notes.png', 415, 'unsupported_image'],
      [Buffer.from('<html><body>not an image</body></html>'), 'page.jpg', 415, 'unsupported_image'],
      [
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
        'x.png',
        415,
        'svg_refused',
      ],
      [png.subarray(0, png.length - 40), 'cut.png', 422, 'broken_image'],
      [pixelBombPng(), 'bomb.png', 413, 'too_many_pixels'],
      [big, 'huge.png', 413, 'file_too_large'],
    ];
    for (const [file, name, status, code] of cases) {
      const res = await upload(t, `/api/boards/${board.id}/images`, { cookie, file, name });
      const body = await res.json();
      expect(res.status, `${name}: ${JSON.stringify(body)}`).toBe(status);
      expect(body.error.code).toBe(code);
      expect(body.error.message.length).toBeGreaterThan(10);
    }
    const truncatedJpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0f0' } })
      .jpeg()
      .toBuffer();
    const res = await upload(t, `/api/boards/${board.id}/images`, {
      cookie,
      file: truncatedJpeg.subarray(0, 400),
      name: 'cut.jpg',
    });
    expect(res.status).toBe(422);
    expect(await dumpBoardTables(t)).toBe(before);
    expect(await ownImageRows(t)).toEqual([]);
    expect(ownFiles(t)).toEqual([]);
  });

  it('refuses a missing file field, bad placement, another user’s board or section, guests and foreign origins', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const other = await seedUserBoard(t);
    const png = await solidPng();
    const before = await dumpBoardTables(t);
    const status = async (url: string, opts: Parameters<typeof upload>[2]) => (await upload(t, url, opts)).status;
    expect(await status(`/api/boards/${board.id}/images`, { cookie })).toBe(400);
    expect(await status(`/api/boards/${board.id}/images`, { cookie, file: png, fields: { x: 'abc' } })).toBe(400);
    expect(await status(`/api/boards/${board.id}/images`, { cookie, file: png, fields: { sectionId: '1e3' } })).toBe(
      400,
    );
    expect(await status(`/api/boards/${other.board.id}/images`, { cookie, file: png })).toBe(404);
    expect(
      await status(`/api/boards/${board.id}/images`, {
        cookie,
        file: png,
        fields: { sectionId: String(other.section.id) },
      }),
    ).toBe(404);
    expect(await status(`/api/boards/${board.id}/images`, { file: png })).toBe(401);
    expect(await status(`/api/boards/${board.id}/images`, { cookie, file: png, origin: 'https://evil.example' })).toBe(
      403,
    );
    const json = await t.call('POST', `/api/boards/${board.id}/images`, {
      cookie,
      json: { file: 'x' },
      headers: { origin: 'http://localhost' },
    });
    expect(json.status).toBe(400);
    expect(await dumpBoardTables(t)).toBe(before);
    expect(ownFiles(t)).toEqual([]);
  });

  it('stores the same image twice once, and counts it once', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const png = await solidPng(80, 80, '#123456');
    const a = await (await upload(t, `/api/boards/${board.id}/images`, { cookie, file: png, name: 'a.png' })).json();
    const b = await (await upload(t, `/api/boards/${board.id}/images`, { cookie, file: png, name: 'b.png' })).json();
    expect(a.id).not.toBe(b.id);
    expect(a.images).toEqual(b.images);
    expect(await ownImageRows(t)).toHaveLength(1);
    expect(ownFiles(t)).toHaveLength(3);
    const usage = await expectJson(t, 'GET', '/api/user/storage', 200, { cookie });
    expect(usage).toEqual({
      usedBytes: (await ownImageRows(t))[0].bytes,
      limitBytes: storageBytesForPlan(PLAN_IDS.free),
    });
  });

  it('takes concurrent uploads to one board: every card and file written', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const files = await Promise.all(['#101', '#202', '#303', '#404', '#505', '#606'].map((c) => solidPng(50, 50, c)));
    const answers = await Promise.all(
      files.map((file, i) => upload(t, `/api/boards/${board.id}/images`, { cookie, file, name: `${i}.png` })),
    );
    expect(answers.map((r) => r.status)).toEqual(files.map(() => 201));
    const cards = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(cards.map((c) => c.id)).size).toBe(6);
    expect(await ownImageRows(t)).toHaveLength(6);
    expect(ownFiles(t)).toHaveLength(18);
  });
});

describe('own images: quota', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  /** Fills a user's storage to `limit - free` bytes with one image a card shows. */
  async function fillStorage(userId: number, boardId: number, free: number) {
    const sha = 'f'.repeat(64);
    const url = `/api/storage/own/${sha}.png`;
    await t.sql('insert into own_images (user_id, sha256, url, bytes, width, height) values (?, ?, ?, ?, 1, 1)', [
      userId,
      sha,
      url,
      storageBytesForPlan(PLAN_IDS.free) - free,
    ]);
    await t.sql(`insert into cards (board_id, title, images, source) values (?, 'filler', ?, 'own')`, [
      boardId,
      JSON.stringify([url]),
    ]);
  }

  it('refuses an upload past the plan’s storage with 413 and a clear message, writing nothing; Pro is unlimited', async () => {
    t = await createTestApp();
    const { user, cookie, board } = await seedUserBoard(t);
    await fillStorage(user.id, board.id, 1000);
    const before = await dumpBoardTables(t);
    const res = await upload(t, `/api/boards/${board.id}/images`, { cookie, file: await solidPng(200, 200) });
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.error.code).toBe('storage_quota_exceeded');
    expect(body.error.message).toMatch(/storage is full \(200 MB of 200 MB used\)/);
    expect(await dumpBoardTables(t)).toBe(before);
    expect(ownFiles(t)).toEqual([]);

    await t.sql('update users set plan_id = ? where id = ?', [PLAN_IDS.pro, user.id]);
    const pro = await t.signIn(user.email);
    expect(
      (await upload(t, `/api/boards/${board.id}/images`, { cookie: pro.cookie, file: await solidPng(200, 200) }))
        .status,
    ).toBe(201);
  });

  it('lets exactly the uploads that fit through when several race for the last bytes', async () => {
    t = await createTestApp();
    const { user, cookie, board } = await seedUserBoard(t);
    const files = await Promise.all(['#a11', '#b22', '#c33', '#d44'].map((c) => solidPng(120, 120, c)));
    // Room for one of them (each is a few hundred bytes with its variants), not two.
    await fillStorage(user.id, board.id, 900);
    const answers = await Promise.all(
      files.map((file) => upload(t, `/api/boards/${board.id}/images`, { cookie, file })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 413, 413, 413]);
    expect(await ownImageRows(t)).toHaveLength(2);
    expect(ownFiles(t)).toHaveLength(3);
  });

  it('frees an image when the last card showing it is deleted: the quota at once, the files after the grace period', async () => {
    const clock = testClock();
    t = await createTestApp({ clock });
    const { cookie, board } = await seedUserBoard(t);
    const png = await solidPng(90, 90, '#777');
    const a = await (await upload(t, `/api/boards/${board.id}/images`, { cookie, file: png })).json();
    const b = await (await upload(t, `/api/boards/${board.id}/images`, { cookie, file: png })).json();
    const used = (await expectJson(t, 'GET', '/api/user/storage', 200, { cookie })).usedBytes;
    expect(used).toBeGreaterThan(0);

    await expectJson(t, 'DELETE', `/api/cards/${a.id}`, 200, { cookie });
    expect((await expectJson(t, 'GET', '/api/user/storage', 200, { cookie })).usedBytes).toBe(used);
    await expectJson(t, 'DELETE', `/api/cards/${b.id}`, 200, { cookie });
    expect((await expectJson(t, 'GET', '/api/user/storage', 200, { cookie })).usedBytes).toBe(0);
    expect((await t.call('GET', a.images[0], { cookie })).status).toBe(404);

    // Undo within the grace period brings the card back, and the image with it.
    await sweepOwnImages(t.deps);
    const restored = await expectJson(t, 'POST', '/api/cards', 201, {
      cookie,
      json: { boardId: board.id, title: b.title, images: b.images },
    });
    expect((await t.call('GET', a.images[0], { cookie })).status).toBe(200);
    expect((await expectJson(t, 'GET', '/api/user/storage', 200, { cookie })).usedBytes).toBe(used);

    await expectJson(t, 'DELETE', `/api/cards/${restored.id}`, 200, { cookie });
    await sweepOwnImages(t.deps);
    clock.advance(ORPHAN_GRACE_MS - 1000);
    expect((await sweepOwnImages(t.deps)).removedFiles).toBe(0);
    expect(ownFiles(t)).toHaveLength(3);
    clock.advance(2000);
    expect((await sweepOwnImages(t.deps)).removedFiles).toBe(1);
    expect(ownFiles(t)).toEqual([]);
    expect(await ownImageRows(t)).toEqual([]);
    // Too late for an undo now: the image is gone, and the card is refused rather than shown broken.
    const late = await expectJson(t, 'POST', '/api/cards', 400, {
      cookie,
      json: { boardId: board.id, title: 'x', images: b.images },
    });
    expect(late.error.code).toBe('image_gone');
  });
});

describe('own images: board deletion', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('stops counting a deleted board’s images at once', async () => {
    t = await createTestApp();
    const { cookie } = await seedUserBoard(t);
    const second = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Screens' } });
    expect(
      (await upload(t, `/api/boards/${second.id}/images`, { cookie, file: await solidPng(60, 60, '#abcdef') })).status,
    ).toBe(201);
    expect((await expectJson(t, 'GET', '/api/user/storage', 200, { cookie })).usedBytes).toBeGreaterThan(0);
    await expectJson(t, 'DELETE', `/api/boards/${second.id}`, 200, { cookie });
    expect((await expectJson(t, 'GET', '/api/user/storage', 200, { cookie })).usedBytes).toBe(0);
  });
});

describe('own images: privacy', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('serves an own image only to users with a card that shows it: owner and share recipient, not others or guests', async () => {
    t = await createTestApp();
    const owner = await seedUserBoard(t);
    const card = await (
      await upload(t, `/api/boards/${owner.board.id}/images`, {
        cookie: owner.cookie,
        file: await solidPng(70, 40, '#abc'),
      })
    ).json();
    const url: string = card.images[0];
    const variant = url.replace('/api/storage/', '/api/storage/w/320/');
    const stranger = await t.signIn();
    const recipient = await t.signIn();
    for (const path of [url, variant]) {
      expect((await t.call('GET', path, { cookie: owner.cookie })).status).toBe(200);
      expect((await t.call('GET', path, { cookie: stranger.cookie })).status).toBe(404);
      expect((await t.call('GET', path)).status).toBe(404);
      expect((await t.call('HEAD', path)).status).toBe(404);
    }
    // A stranger cannot gain access by naming the image on a card of their own.
    const strangerBoard = await expectJson(t, 'POST', '/api/boards', 201, {
      cookie: stranger.cookie,
      json: { title: 'Mine' },
    });
    const sneaky = await expectJson(t, 'POST', '/api/cards', 400, {
      cookie: stranger.cookie,
      json: { boardId: strangerBoard.id, title: 'x', images: [url] },
    });
    expect(sneaky.error.code).toBe('image_gone');
    expect((await t.call('GET', url, { cookie: stranger.cookie })).status).toBe(404);
    // Catalogue images stay public.
    fs.mkdirSync(path.join(t.config.storageDir, 'catalogue'), { recursive: true });
    fs.writeFileSync(path.join(t.config.storageDir, 'catalogue', 'c.png'), await solidPng());
    expect((await t.call('GET', '/api/storage/catalogue/c.png')).status).toBe(200);

    // Share: the recipient's copy shows the image, so they may see it.
    const code = randomBytes(16).toString('base64url');
    await t.sql('update boards set is_shared = 1, share_code = ? where id = ?', [code, owner.board.id]);
    const opened = await expectJson(t, 'GET', `/api/share/${code}`, 200, { cookie: recipient.cookie });
    expect(opened.copied).toBe(true);
    expect((await t.call('GET', url, { cookie: recipient.cookie })).status).toBe(200);
    expect((await t.call('GET', url, { cookie: stranger.cookie })).status).toBe(404);
    const copies = await expectJson(t, 'GET', `/api/cards?boardId=${opened.boardId}`, 200, {
      cookie: recipient.cookie,
    });
    const copy = copies.find((c: { images: string[] }) => c.images.includes(url));
    await expectJson(t, 'DELETE', `/api/cards/${copy.id}`, 200, { cookie: recipient.cookie });
    expect((await t.call('GET', url, { cookie: recipient.cookie })).status).toBe(404);
    expect((await t.call('GET', url, { cookie: owner.cookie })).status).toBe(200);
  });
});

describe('own cards: details and gallery', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('edits title, notes, game, game link and tags of an own card only', async () => {
    t = await createTestApp();
    const { cookie, board, cards } = await seedUserBoard(t);
    const card = await (await upload(t, `/api/boards/${board.id}/images`, { cookie, file: await solidPng() })).json();
    const patch = {
      title: 'Competitor offer',
      detailedDescription: '**Bold** note',
      game: 'Royal Match',
      gameLink: 'https://example.com/rm',
      tags: ['Shop'],
    };
    const updated = await expectJson(t, 'PATCH', `/api/cards/${card.id}/details`, 200, { cookie, json: patch });
    expect(updated).toMatchObject(patch);
    const before = await dumpBoardTables(t);
    for (const json of [{ gameLink: 'javascript:alert(1)' }, { title: '' }, {}, { images: [] }, { title: 5 }]) {
      await expectJson(t, 'PATCH', `/api/cards/${card.id}/details`, 400, { cookie, json });
    }
    await expectJson(t, 'PATCH', `/api/cards/${cards[0].id}/details`, 409, { cookie, json: { title: 'x' } });
    const other = await t.signIn();
    await expectJson(t, 'PATCH', `/api/cards/${card.id}/details`, 404, { cookie: other.cookie, json: { title: 'x' } });
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('adds more images to an own card’s gallery', async () => {
    t = await createTestApp();
    const { cookie, board, cards } = await seedUserBoard(t);
    const card = await (
      await upload(t, `/api/boards/${board.id}/images`, { cookie, file: await solidPng(10, 10, '#111') })
    ).json();
    const res = await upload(t, `/api/cards/${card.id}/images`, { cookie, file: await solidPng(10, 10, '#222') });
    expect(res.status).toBe(201);
    const updated = await res.json();
    expect(updated.images).toHaveLength(2);
    expect(updated.images[0]).toBe(card.images[0]);
    expect((await t.call('GET', updated.images[1], { cookie })).status).toBe(200);
    expect((await upload(t, `/api/cards/${cards[0].id}/images`, { cookie, file: await solidPng() })).status).toBe(409);
    const other = await t.signIn();
    expect(
      (await upload(t, `/api/cards/${card.id}/images`, { cookie: other.cookie, file: await solidPng(10, 10, '#333') }))
        .status,
    ).toBe(404);
    expect((await expectJson(t, 'GET', `/api/cards/${card.id}`, 200, { cookie })).images).toHaveLength(2);
  });
});
