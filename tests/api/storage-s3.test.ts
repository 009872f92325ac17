import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { importCatalogue } from '../../api/catalogue/importer/import-catalogue';
import { generateCatalogueImages } from '../../api/catalogue/generate-images';
import { dataEnv, loadConfig } from '../../api/config';
import { createS3Client } from '../../api/storage/s3-store';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { ownImageSpellings } from '../helpers/own-image-spellings';
import { startS3Server, type TestS3 } from '../helpers/s3-server';
import { fixtureCatalogue } from '../unit/catalogue/fixture-catalogue';
import { seedUserBoard } from './fixtures/board-api';
import { solidPng, upload } from './fixtures/own-images';

/** The storage contract over an S3 bucket: a real s3rver, the real AWS SDK, the real app. */
describe('storage on an S3-compatible bucket', () => {
  let s3: TestS3;
  let t: TestApp;
  let png: Buffer;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: s3.env('site/files') });
    png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const { store } = t.deps.storage;
    await store.put('shots/a.png', png);
    await store.put('shots/nested/my shot.png', png);
    // A secret in the same bucket but outside the configured prefix: no storage path may reach it.
    const raw = createS3Client(t.config.s3!);
    await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'secret.png', Body: 'TOP-SECRET' }));
    await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'site/secret.png', Body: 'TOP-SECRET' }));
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('puts, gets, heads, lists and removes objects under the prefix', async () => {
    const { store } = t.deps.storage;
    expect(store.kind).toBe('s3');
    await store.put('tmp/x.png', Buffer.from('x'));
    expect((await store.get('tmp/x.png'))!.data.toString()).toBe('x');
    expect(await store.head('tmp/x.png')).toMatchObject({ size: 1, etag: expect.stringMatching(/^".+"$/) });
    expect(await store.list('tmp')).toEqual(['tmp/x.png']);
    const keys = await createS3Client(t.config.s3!).send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'site/files/tmp/' }),
    );
    expect(keys.Contents?.map((c) => c.Key)).toEqual(['site/files/tmp/x.png']);
    await store.remove('tmp/x.png');
    expect(await store.get('tmp/x.png')).toBeNull();
    expect(await store.has('tmp/x.png')).toBe(false);
    for (const key of ['../secret.png', 'a/../../secret.png', '/secret.png', 'a\\b.png', '']) {
      await expect(store.get(key), key).rejects.toThrow(/refused key/);
      await expect(store.put(key, Buffer.from('no')), key).rejects.toThrow(/refused key/);
    }
  });

  it('serves an object with its content type, length, ETag and a year of immutable caching; 304 on a match', async () => {
    const res = await t.call('GET', '/api/storage/shots/a.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-length')).toBe(String(png.length));
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.call('GET', '/api/storage/shots/a.png', { headers: { 'if-none-match': header } });
      expect(again.status).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    }
    expect((await t.call('GET', '/api/storage/shots/a.png', { headers: { 'if-none-match': '"stale"' } })).status).toBe(
      200,
    );
    const head = await t.call('HEAD', '/api/storage/shots/a.png');
    expect([head.status, head.headers.get('content-length'), (await head.arrayBuffer()).byteLength]).toEqual([
      200,
      String(png.length),
      0,
    ]);
    expect((await t.call('GET', '/api/storage/shots/nested/my%20shot.png')).status).toBe(200);
    expect((await t.call('GET', '/api/storage/shots/missing.png')).status).toBe(404);
  });

  it('never serves anything outside the prefix, however the path is written', async () => {
    const attempts = [
      '/api/storage/../secret.png',
      '/api/storage/%2e%2e/secret.png',
      '/api/storage/%2e%2e/%2e%2e/secret.png',
      '/api/storage/shots%2f..%2f..%2f..%2fsecret.png',
      '/api/storage/%252e%252e/secret.png',
      '/api/storage/..%5csecret.png',
      '/api/storage/shots/a.png%00.txt',
      '/api/storage//secret.png',
      '/api/storage/w/320/%2e%2e/secret.png',
    ];
    for (const url of attempts) {
      const res = await t.call('GET', url);
      const body = await res.text();
      expect([400, 404], url).toContain(res.status);
      expect(body, url).not.toContain('TOP-SECRET');
    }
  });

  it('makes a WebP variant once, stores it in the bucket and serves it with the same headers', async () => {
    const before = s3.puts().length;
    const res = await t.call('GET', '/api/storage/w/320/shots/a.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 200]);
    expect(s3.puts().slice(before)).toEqual(['site/files/w/320/shots/a.png']);
    const again = await t.call('GET', '/api/storage/w/320/shots/a.png', {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(s3.puts().length).toBe(before + 1);
    expect((await t.call('GET', '/api/storage/w/320/shots/missing.png')).status).toBe(404);
    expect((await t.call('GET', '/api/storage/w/500/shots/a.png')).status).toBe(404);
  });

  it('puts images from the bucket into a Markdown export', async () => {
    const { cookie } = await t.signIn(undefined, { planId: 4, monthlyLimit: -1 });
    const board = await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Export' } })).json();
    const card = await (
      await t.call('POST', '/api/cards', {
        cookie,
        json: { boardId: board.id, title: 'Blue', images: ['/api/storage/shots/a.png'] },
      })
    ).json();
    const res = await t.call('GET', `/api/boards/${board.id}/export?format=md`, { cookie });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Buffer.from(files[`images/${card.id}-1.png`]).equals(png)).toBe(true);
  });

  it('two instances on one database and bucket asked for one variant at the same moment make it once', async () => {
    // A second app: its own database connection, S3 client and in-process state, on the first one's database.
    const other = await createTestApp({ env: s3.env('site/files'), sharedWith: t });
    try {
      const url = '/api/storage/w/96/shots/nested/my%20shot.png';
      const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? other : t).call('GET', url)));
      expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
      const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
      expect(bodies.every((b) => b.equals(bodies[0]))).toBe(true);
      expect(s3.puts().filter((k) => k === 'site/files/w/96/shots/nested/my shot.png')).toHaveLength(1);
      expect((await t.sql('select count(*) as n from leases'))[0]).toEqual({ n: 0 });
    } finally {
      await other.close();
    }
  });
});

describe('stored files on a bucket: own images and the catalogue', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
  });

  it('stores an uploaded image and its variants in the bucket and serves them privately to the owner only', async () => {
    const t = await createTestApp({ env: s3.env('own-test') });
    try {
      const { cookie, board } = await seedUserBoard(t);
      const res = await upload(t, `/api/boards/${board.id}/images`, { cookie, file: await solidPng(400, 300) });
      expect(res.status).toBe(201);
      const url: string = (await res.json()).images[0];
      const key = url.replace('/api/storage/', '');
      expect(s3.puts()).toEqual(
        expect.arrayContaining([`own-test/${key}`, `own-test/w/96/${key}`, `own-test/w/320/${key}`]),
      );
      const served = await t.call('GET', url, { cookie });
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(400);
      const variant = await t.call('GET', url.replace('/api/storage/', '/api/storage/w/96/'), { cookie });
      expect([variant.status, variant.headers.get('content-type')]).toEqual([200, 'image/webp']);
      const stranger = await t.signIn();
      expect((await t.call('GET', url, { cookie: stranger.cookie })).status).toBe(404);
      expect((await t.call('GET', url)).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('keeps another user’s own image in the bucket private in every spelling: serving, card create, export', async () => {
    const t = await createTestApp({ env: s3.env('own-private') });
    try {
      const victim = await seedUserBoard(t);
      const url: string = (
        await (
          await upload(t, `/api/boards/${victim.board.id}/images`, {
            cookie: victim.cookie,
            file: await solidPng(120, 80),
          })
        ).json()
      ).images[0];
      const sha = /own\/([0-9a-f]{64})\./.exec(url)![1];
      const stranger = await seedUserBoard(t);
      for (const spelling of ownImageSpellings(url)) {
        if (spelling.startsWith('/'))
          expect((await t.call('GET', spelling, { cookie: stranger.cookie })).status, spelling).toBe(404);
        const refused = await t.call('POST', '/api/cards', {
          cookie: stranger.cookie,
          json: { boardId: stranger.board.id, title: 'x', images: [spelling] },
        });
        expect(refused.status, spelling).toBe(400);
      }
      // Spellings stored before the fix never reach the stranger's export.
      const stored = ownImageSpellings(url).filter((s) => s !== url);
      await t.sql('insert into cards (board_id, title, images, source) values (?, ?, ?, ?)', [
        stranger.board.id,
        'Spelled',
        JSON.stringify(stored),
        'own',
      ]);
      const zip = unzipSync(
        new Uint8Array(
          await (
            await t.call('GET', `/api/boards/${stranger.board.id}/export?format=md`, { cookie: stranger.cookie })
          ).arrayBuffer(),
        ),
      );
      expect(Object.keys(zip).filter((name) => name.startsWith('images/'))).toEqual([]);
      expect(new TextDecoder().decode(zip['brief.md'])).not.toContain(sha);
      const mine = unzipSync(
        new Uint8Array(
          await (
            await t.call('GET', `/api/boards/${victim.board.id}/export?format=md`, { cookie: victim.cookie })
          ).arrayBuffer(),
        ),
      );
      expect(Object.keys(mine).filter((name) => name.startsWith('images/'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('two instances generating the catalogue into one bucket draw each image once', async () => {
    const a = await createTestApp({ env: s3.env('cat') });
    const b = await createTestApp({ env: s3.env('cat'), sharedWith: a });
    try {
      const plan = planCatalogue(fixtureCatalogue());
      const [first, second] = await Promise.all([
        generateCatalogueImages(plan, a.deps.storage, { concurrency: 2 }),
        generateCatalogueImages(plan, b.deps.storage, { concurrency: 2 }),
      ]);
      const jobs = plan.screens.length + plan.covers.length;
      expect(first.drawn + second.drawn).toBe(jobs);
      const written = s3.puts().filter((k) => k.startsWith('cat/'));
      expect(new Set(written).size).toBe(written.length);
      expect(written.length).toBe(jobs * 3);
      expect((await a.deps.storage.store.list(plan.screens[0].relative.split('/')[0])).length).toBe(
        plan.screens.length + plan.covers.length,
      );
      const again = await generateCatalogueImages(plan, b.deps.storage);
      expect(again.drawn).toBe(0);
      const res = await a.call('GET', `/api/storage/${plan.covers[0].relative}`);
      expect(res.status).toBe(200);
    } finally {
      await b.close();
      await a.close();
    }
  }, 60_000);

  it('imports a catalogue’s local images into the bucket, with their variants, once', async () => {
    const t = await createTestApp({ env: s3.env('imports') });
    try {
      const imagesDir = path.join(t.dir, 'images');
      fs.mkdirSync(imagesDir);
      fs.writeFileSync(path.join(imagesDir, '1.png'), await solidPng(800, 600));
      const csv = path.join(t.dir, 'c.csv');
      fs.writeFileSync(
        csv,
        'game_name,feature_screen_name,primary_tag,secondary_tag,screenshot_path1\nGem Quest,Shop,Monetization,Shop,static/1.png\n',
      );
      const { store } = t.deps.storage;
      const run = () => importCatalogue({ db: t.db, storageDir: t.config.storageDir, store, file: csv, imagesDir });
      expect(await run()).toMatchObject({ ok: true, imagesCopied: 1 });
      // This app's prefix is `imports`; the importer's own folder is imports/ too.
      const written = () => s3.puts().filter((k) => k.startsWith('imports/'));
      expect(written()).toHaveLength(3);
      const key = written()
        .find((k) => !k.startsWith('imports/w/'))!
        .replace(/^imports\//, '');
      expect(key).toMatch(/^imports\/[0-9a-f]{20}\/1\.png$/);
      expect((await t.call('GET', `/api/storage/${key}`)).status).toBe(200);
      expect(fs.existsSync(path.join(t.config.storageDir, key))).toBe(false);
      expect(await run()).toMatchObject({ ok: true, imagesCopied: 0 });
      expect(written()).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});

describe('storage configuration', () => {
  it('accepts s3://bucket/prefix and refuses other storage URLs or half a key pair', () => {
    expect(loadConfig({ LOOT_STORAGE_URL: 's3://my-bucket/a/b/' }).s3).toMatchObject({
      bucket: 'my-bucket',
      prefix: 'a/b/',
      forcePathStyle: false,
    });
    expect(loadConfig({ LOOT_STORAGE_URL: 's3://my-bucket' }).s3).toMatchObject({ prefix: '' });
    expect(loadConfig({}).s3).toBeNull();
    for (const url of ['http://bucket/x', 's3://', 's3://Bad_Bucket/x', 's3://bucket/../x', 'file:///tmp']) {
      expect(() => loadConfig({ LOOT_STORAGE_URL: url }), url).toThrow(/LOOT_STORAGE_URL/);
    }
    expect(() => loadConfig({ LOOT_STORAGE_URL: 's3://b-1/x', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });

  it('hands a child process its own database and storage, whatever the parent environment names', () => {
    const parent = {
      LOOT_DATA_DIR: '/elsewhere',
      DATABASE_URL: 'postgres://other@db/other',
      LOOT_STORAGE_URL: 's3://other-bucket/x',
      S3_ENDPOINT: 'http://other.example',
      S3_ACCESS_KEY_ID: 'o',
      S3_SECRET_ACCESS_KEY: 'o',
    };
    const settings = (c: ReturnType<typeof loadConfig>) => ({
      dataDir: c.dataDir,
      dbFile: c.dbFile,
      storageDir: c.storageDir,
      DATABASE_URL: c.DATABASE_URL,
      s3: c.s3,
    });
    const scaled = loadConfig({
      LOOT_DATA_DIR: '/srv/loot',
      DATABASE_URL: 'postgres://loot@pg/loot',
      LOOT_STORAGE_URL: 's3://loot-files/site',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(settings(loadConfig({ ...parent, ...dataEnv(scaled) }))).toEqual(settings(scaled));
    // The embedded default stays SQLite and a local folder even where the parent names PostgreSQL and a bucket.
    const embedded = loadConfig({ LOOT_DATA_DIR: '/srv/small', LOOT_STORAGE_DIR: '/srv/files' });
    const child = loadConfig({ ...parent, ...dataEnv(embedded) });
    expect(settings(child)).toEqual(settings(embedded));
    expect([child.DATABASE_URL, child.s3, child.storageDir]).toEqual([undefined, null, '/srv/files']);
  });
});
