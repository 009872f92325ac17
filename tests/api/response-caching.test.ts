import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** User data is never cached; a missing build file is a 404, never index.html cached for a year. */
describe('cache headers', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('sends Cache-Control: private, no-store on JSON that carries user data', async () => {
    t = await createTestApp();
    const { cookie } = await t.signIn();
    const board = await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Mine' } })).json();
    const section = await (
      await t.call('POST', '/api/sections', { cookie, json: { boardId: board.id, title: 'S', color: '#FDE2E4' } })
    ).json();
    const cardRes = await t.call('POST', '/api/cards', {
      cookie,
      json: { boardId: board.id, sectionId: section.id, title: 'Card', isBookmarked: 1 },
    });
    expect(cardRes.headers.get('cache-control')).toBe('private, no-store');
    const card = await cardRes.json();
    for (const url of [
      '/api/boards',
      `/api/cards?boardId=${board.id}`,
      `/api/cards/${card.id}`,
      `/api/sections?boardId=${board.id}`,
      '/api/bookmarks',
      '/api/current-user',
      '/api/auth/user',
      '/api/cards/999999',
    ]) {
      const res = await t.call('GET', url, { cookie });
      expect(res.headers.get('cache-control'), url).toBe('private, no-store');
    }
    // Board content keeps its own private policy: revalidated every time through its ETag.
    const content = await t.call('GET', `/api/boards/${board.id}/content`, { cookie });
    expect(content.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('keeps the public catalogue cacheable', async () => {
    t = await createTestApp();
    const res = await t.call('GET', '/api/games/orientations');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});

describe('built web app', () => {
  let t: TestApp;
  let webDir: string;
  afterEach(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  async function appWithBuild() {
    t = await createTestApp();
    webDir = fs.mkdtempSync(path.join(t.dir, '..', 'loot-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Loot</title>');
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    return createApp(t.deps, { webDir });
  }

  it('serves a built asset with a one-year immutable cache', async () => {
    const app = await appWithBuild();
    const res = await app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/assets/index-old999.js', '/assets/x.css', '/assets/nested/chunk.js'])(
    'answers a missing asset %s with 404, not index.html',
    async (url) => {
      const app = await appWithBuild();
      const res = await app.request(url);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).not.toContain('immutable');
      expect(await res.text()).not.toContain('<!doctype html>');
    },
  );

  it('still answers client routes with index.html', async () => {
    const app = await appWithBuild();
    const res = await app.request('/collections');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Loot</title>');
  });
});
