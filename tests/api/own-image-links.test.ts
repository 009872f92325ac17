import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fetchImageLink, isPublicAddress } from '../../api/own-images/fetch-image-link';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';
import { ownFiles, solidPng } from './fixtures/own-images';

/** A local server standing in for the web: an image, an HTML page, and redirects. */
let server: http.Server;
let base: string;
let port: number;
let png: Buffer;

beforeAll(async () => {
  png = await solidPng(120, 80, '#3a6');
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/shots/offer.png' || url.pathname === '/shots/bad%E0%A4%A.png') {
      res.writeHead(200, { 'content-type': 'text/plain' }); // the type is ignored: the bytes are decoded
      res.end(png);
    } else if (url.pathname === '/page.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('<!doctype html><html><body>Hello</body></html>');
    } else if (url.pathname === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else if (url.pathname === '/to-private') {
      res.writeHead(301, { location: 'http://10.0.0.7/secret.png' });
      res.end();
    } else if (url.pathname === '/stall-headers') {
      // Never answers.
    } else if (url.pathname === '/stall-body') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(png.subarray(0, 20)); // then nothing more
    } else if (url.pathname === '/endless') {
      res.writeHead(200, { 'content-type': 'image/png' }); // no Content-Length: the cap is counted while reading
      const chunk = Buffer.alloc(64 * 1024, 1);
      const pump = () => {
        while (res.write(chunk)) if (res.destroyed) return;
        res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    } else if (url.pathname === '/hop') {
      const n = Number(url.searchParams.get('n') ?? 0);
      res.writeHead(302, { location: n > 0 ? `/hop?n=${n - 1}` : '/shots/offer.png' });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('image links', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('fetches an image link (test server on loopback allowed), decodes it and makes an own card', async () => {
    t = await createTestApp({ env: { LOOT_IMAGE_LINKS_ALLOW_LOOPBACK: '1' } });
    const { cookie, board, section } = await seedUserBoard(t);
    const card = await expectJson(t, 'POST', `/api/boards/${board.id}/image-links`, 201, {
      cookie,
      json: { url: `${base}/shots/offer.png`, x: 10, y: 20, sectionId: section.id },
    });
    expect(card).toMatchObject({
      title: 'offer',
      sectionId: section.id,
      position: { x: 10, y: 20 },
      orientation: 'horizontal',
    });
    expect(card.images[0]).toMatch(/^\/api\/storage\/own\/[0-9a-f]{64}\.png$/);
    expect((await t.call('GET', card.images[0], { cookie })).status).toBe(200);
    // A malformed escape in the file name is kept as sent.
    const odd = await expectJson(t, 'POST', `/api/boards/${board.id}/image-links`, 201, {
      cookie,
      json: { url: `${base}/shots/bad%E0%A4%A.png` },
    });
    expect(odd.title).toBe('bad%E0%A4%A');
    // Three redirects are followed; a fourth is refused.
    await expectJson(t, 'POST', `/api/boards/${board.id}/image-links`, 201, {
      cookie,
      json: { url: `${base}/hop?n=2` },
    });
    const tooMany = await expectJson(t, 'POST', `/api/boards/${board.id}/image-links`, 422, {
      cookie,
      json: { url: `${base}/hop?n=3` },
    });
    expect(tooMany.error.code).toBe('link_redirects');
  });

  it('refuses an HTML answer, a redirect to a private or metadata address, and a missing page, writing nothing', async () => {
    t = await createTestApp({ env: { LOOT_IMAGE_LINKS_ALLOW_LOOPBACK: '1' } });
    const { cookie, board } = await seedUserBoard(t);
    const before = await dumpBoardTables(t);
    const cases: [string, number, string][] = [
      [`${base}/page.png`, 415, 'unsupported_image'],
      [`${base}/to-metadata`, 400, 'link_address_refused'],
      [`${base}/to-private`, 400, 'link_address_refused'],
      [`${base}/missing.png`, 422, 'link_status'],
    ];
    for (const [url, status, code] of cases) {
      const body = await expectJson(t, 'POST', `/api/boards/${board.id}/image-links`, status, {
        cookie,
        json: { url },
      });
      expect(body.error.code, url).toBe(code);
    }
    expect(await dumpBoardTables(t)).toBe(before);
    expect(ownFiles(t)).toEqual([]);
  });

  it('never fetches from loopback, private, link-local or metadata addresses, by IP or by name', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const other = await seedUserBoard(t);
    const before = await dumpBoardTables(t);
    let hits = 0;
    server.on('request', () => hits++);
    const refused = [
      `http://127.0.0.1:${port}/shots/offer.png`,
      `http://localhost:${port}/shots/offer.png`, // a DNS name resolving to 127.0.0.1
      `http://[::1]:${port}/shots/offer.png`,
      `http://[::ffff:127.0.0.1]:${port}/shots/offer.png`,
      'http://10.1.2.3/a.png',
      'http://192.168.0.10/a.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/a.png',
      'http://[fd00::1]/a.png',
      `http://0x7f.0.0.1:${port}/shots/offer.png`, // URL parsing turns these into 127.0.0.1
      `http://2130706433:${port}/shots/offer.png`,
    ];
    for (const url of refused) {
      const body = await expectJson(t, 'POST', `/api/boards/${board.id}/image-links`, 400, { cookie, json: { url } });
      expect(body.error.code, url).toBe('link_address_refused');
    }
    for (const url of [
      'ftp://example.com/a.png',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
      'http://user:pw@example.com/a.png',
    ]) {
      const body = await expectJson(t, 'POST', `/api/boards/${board.id}/image-links`, 400, { cookie, json: { url } });
      expect(body.error.code, url).toBe('link_scheme');
    }
    await expectJson(t, 'POST', `/api/boards/${other.board.id}/image-links`, 404, {
      cookie,
      json: { url: `${base}/shots/offer.png` },
    });
    await expectJson(t, 'POST', `/api/boards/${board.id}/image-links`, 400, { cookie, json: {} });
    expect(hits).toBe(0);
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('never connects to an IPv4-compatible IPv6 address (::/96, deprecated), whatever IPv4 address it spells', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const before = await dumpBoardTables(t);
    let hits = 0;
    server.on('request', () => hits++);
    for (const url of [
      `http://[::127.0.0.1]:${port}/a.png`,
      `http://[::7f00:1]:${port}/a.png`,
      'http://[::a00:1]/a.png',
      'http://[::8.8.8.8]/a.png',
      'http://[0:0:0:0:0:0:a9fe:a9fe]/latest/meta-data/',
    ]) {
      const body = await expectJson(t, 'POST', `/api/boards/${board.id}/image-links`, 400, { cookie, json: { url } });
      expect(body.error.code, url).toBe('link_address_refused');
    }
    expect(hits).toBe(0);
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('gives up after the timeout, whether the server stalls before or during the body, and caps an endless body', async () => {
    for (const path of ['/stall-headers', '/stall-body']) {
      const err = await fetchImageLink(`${base}${path}`, { allowLoopback: true, timeoutMs: 300 }).catch((e) => e);
      expect(err).toMatchObject({ code: 'link_timeout', status: 422 });
    }
    const big = await fetchImageLink(`${base}/endless`, { allowLoopback: true, maxBytes: 1024 * 1024 }).catch((e) => e);
    expect(big).toMatchObject({ code: 'file_too_large', status: 413 });
    const ok = await fetchImageLink(`${base}/shots/offer.png`, { allowLoopback: true });
    expect(ok.data.equals(png)).toBe(true);
  });

  it('classifies addresses: only public unicast passes', () => {
    for (const ok of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8'])
      expect(isPublicAddress(ok), ok).toBe(true);
    for (const bad of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '224.0.0.1',
      '255.255.255.255',
      'nonsense',
    ]) {
      expect(isPublicAddress(bad), bad).toBe(false);
    }
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('::ffff:127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('10.0.0.1', true)).toBe(false);
  });
});
