import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** GET/HEAD /api/storage/... over the real app: only files under the storage root, with cache headers. */
describe('storage', () => {
  let t: TestApp;
  let outside: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    const root = t.config.storageDir;
    png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    fs.mkdirSync(path.join(root, 'shots/nested'), { recursive: true });
    fs.writeFileSync(path.join(root, 'shots/a.png'), png);
    fs.writeFileSync(path.join(root, 'shots/nested/my shot.png'), png);
    fs.writeFileSync(path.join(root, 'shots/notes.txt'), 'not an image');
    // A secret beside the storage root, and links inside the root that point at it.
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.png'), 'TOP-SECRET');
    fs.writeFileSync(path.join(t.dir, 'secret.png'), 'TOP-SECRET');
    fs.symlinkSync(path.join(outside, 'secret.png'), path.join(root, 'shots/link.png'));
    fs.symlinkSync(outside, path.join(root, 'linkdir'));
    fs.symlinkSync(path.join(root, 'shots/a.png'), path.join(root, 'shots/inside-link.png'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('serves a file with its content type, length, ETag and a year of immutable caching', async () => {
    const res = await t.call('GET', '/api/storage/shots/a.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    const spaced = await t.call('GET', '/api/storage/shots/nested/my%20shot.png');
    expect(spaced.status).toBe(200);
  });

  it('answers 304 without a body when If-None-Match carries the ETag', async () => {
    const etag = (await t.call('GET', '/api/storage/shots/a.png')).headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await t.call('GET', '/api/storage/shots/a.png', { headers: { 'if-none-match': header } });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
    expect((await t.call('GET', '/api/storage/shots/a.png', { headers: { 'if-none-match': '"stale"' } })).status).toBe(
      200,
    );
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.call('HEAD', '/api/storage/shots/a.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(png.length));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('404s missing files and files that are not images', async () => {
    for (const url of [
      '/api/storage/shots/missing.png',
      '/api/storage/shots/notes.txt',
      '/api/storage/shots',
      '/api/storage/nothing/here.webp',
    ]) {
      const res = await t.call('GET', url);
      expect(res.status, url).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
  });

  it('never serves anything outside the root, however the path is written', async () => {
    const attempts = [
      '/api/storage/../secret.png',
      '/api/storage/shots/../../secret.png',
      '/api/storage/%2e%2e/secret.png',
      '/api/storage/shots/%2e%2e/%2e%2e/secret.png',
      '/api/storage/%2e%2e%2fsecret.png',
      '/api/storage/shots%2f..%2f..%2fsecret.png',
      '/api/storage/%252e%252e/secret.png',
      '/api/storage/%252e%252e%252fsecret.png',
      '/api/storage/..%5csecret.png',
      '/api/storage/shots\\..\\..\\secret.png',
      '/api/storage/shots%5c..%5c..%5csecret.png',
      '/api/storage/shots/a.png%00.txt',
      '/api/storage/%2fetc%2fpasswd',
      '/api/storage//etc/passwd',
      '/api/storage/C:/secret.png',
      '/api/storage/shots/link.png',
      '/api/storage/linkdir/secret.png',
      '/api/storage/w/320/linkdir/secret.png',
      '/api/storage/w/320/shots/link.png',
    ];
    for (const url of attempts) {
      const res = await t.call('GET', url);
      const body = await res.text();
      expect([400, 404], url).toContain(res.status);
      expect(body, url).not.toContain('TOP-SECRET');
      expect(() => JSON.parse(body), url).not.toThrow();
    }
  });

  it('follows a link that stays inside the root', async () => {
    expect((await t.call('GET', '/api/storage/shots/inside-link.png')).status).toBe(200);
  });

  it('makes a resized WebP variant once, keeps it, and serves it with the same headers', async () => {
    const variantFile = path.join(t.config.storageDir, 'w/320/shots/a.png');
    expect(fs.existsSync(variantFile)).toBe(false);
    const res = await t.call('GET', '/api/storage/w/320/shots/a.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 200]);
    expect(fs.existsSync(variantFile)).toBe(true);
    const made = fs.statSync(variantFile).mtimeMs;
    const again = await t.call('GET', '/api/storage/w/320/shots/a.png', {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(fs.statSync(variantFile).mtimeMs).toBe(made);
    const small = await sharp(
      Buffer.from(await (await t.call('GET', '/api/storage/w/96/shots/a.png')).arrayBuffer()),
    ).metadata();
    expect(small.width).toBe(96);
  });

  it('makes concurrent requests for one missing variant share one file', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => t.call('GET', '/api/storage/w/96/shots/nested/my%20shot.png')),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const leftovers = fs
      .readdirSync(path.join(t.config.storageDir, 'w/96/shots/nested'))
      .filter((f) => f.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });

  it('refuses unknown widths and variants of variants or of missing files', async () => {
    for (const url of [
      '/api/storage/w/500/shots/a.png',
      '/api/storage/w/abc/shots/a.png',
      '/api/storage/w/320/w/320/shots/a.png',
      '/api/storage/w/320/shots/missing.png',
      '/api/storage/w/320',
    ]) {
      expect((await t.call('GET', url)).status, url).toBe(404);
    }
  });
});
