import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { isResourceIsolationGuard } from '../../api/middleware/resource-isolation';
import { countRows, requestFromPeer, sessionCookieFrom } from '../helpers/auth-requests';
import { SseReader } from '../helpers/sse-reader';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectJson, seedUserBoard } from './fixtures/board-api';

/**
 * No subresource load changes state. Every GET route that changes something carries the
 * Fetch-Metadata resource-isolation guard; this file lists them. A new GET route fails the first test until it is
 * put in one of these lists (and a state-changing one gets the guard).
 */
const STATE_CHANGING_GETS = [
  '/api/share/:code',
  '/api/logout',
  '/api/dev-login',
  '/api/stripe/session/:sessionId',
  '/api/boards/:id/events',
  '/api/current-user/events',
];
/** GETs that change state and must take a navigation from another site, and what protects them instead. */
const CROSS_SITE_BY_DESIGN: Record<string, string> = {
  '/api/auth/oidc/callback':
    'the identity provider redirects here from its own site; the PKCE verifier, state and nonce in a path-scoped flow cookie tie it to the sign-in this browser started',
};
/** GETs that read only (the storage route's variant files are a cache of the original, made once). */
const READ_ONLY_GETS = [
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/metrics',
  '/api/login',
  '/api/current-user',
  '/api/auth/user',
  '/api/auth/check-usage-reset',
  '/api/plans',
  '/api/billing/config',
  '/api/billing/team-impact',
  '/api/user/storage',
  '/api/boards',
  '/api/boards/:id/content',
  '/api/boards/:id/changes',
  '/api/boards/:id/export',
  '/api/boards/:id/members',
  '/api/boards/:id/share',
  '/api/invitations',
  // Reads the invitation; the look-up count it keeps per client address limits guessing, it changes nothing of a user.
  '/api/invitations/:code/preview',
  '/api/cards',
  '/api/cards/:id',
  '/api/sections',
  '/api/sessions',
  '/api/account/data',
  '/api/bookmarks',
  '/api/storage/*',
  '/api/games',
  '/api/games/orientations',
  '/api/game-info',
  '/api/database/random-record',
  '/api/collections',
  '/api/feature-search/filters',
];

/** What a browser sends for each way a page can make it load a URL. */
const SUBRESOURCE_LOADS = [
  'image',
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'font',
  'audio',
  'video',
  'track',
  'worker',
  'sharedworker',
  'serviceworker',
  'manifest',
  'report',
  'xslt',
].map((dest) => ({ 'sec-fetch-dest': dest, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors' }));
const OTHER_SITES = ['cross-site', 'same-site'].flatMap((site) => [
  { 'sec-fetch-dest': 'document', 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
  { 'sec-fetch-dest': 'empty', 'sec-fetch-site': site, 'sec-fetch-mode': 'cors' },
]);
const TOP_LEVEL_NAVIGATION = {
  'sec-fetch-dest': 'document',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'navigate',
};
const TYPED_URL = { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' };
const APP_FETCH = { 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };

describe('no subresource load changes state', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('lists every GET route, and every state-changing one carries the resource-isolation guard', async () => {
    t = await createTestApp();
    const gets = t.app.routes.filter((r) => r.method === 'GET');
    const paths = [...new Set(gets.map((r) => r.path))].sort();
    expect(paths).toEqual([...STATE_CHANGING_GETS, ...Object.keys(CROSS_SITE_BY_DESIGN), ...READ_ONLY_GETS].sort());
    const guarded = [...new Set(gets.filter((r) => isResourceIsolationGuard(r.handler)).map((r) => r.path))].sort();
    expect(guarded).toEqual([...STATE_CHANGING_GETS].sort());
  });

  async function sharedBoard() {
    const owner = await t.signIn();
    const board = await (
      await t.call('POST', '/api/boards', { cookie: owner.cookie, json: { title: 'Shared' } })
    ).json();
    const code = randomBytes(16).toString('base64url');
    await t.sql('update boards set is_shared = 1, share_code = ? where id = ?', [code, board.id]);
    return code;
  }

  it('an <img>, script, frame or another site opening a share link makes no copy; a navigation, the app and curl do', async () => {
    t = await createTestApp();
    const code = await sharedBoard();
    const recipient = await t.signIn();
    for (const headers of [...SUBRESOURCE_LOADS, ...OTHER_SITES]) {
      const res = await t.call('GET', `/api/share/${code}`, { cookie: recipient.cookie, headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden_fetch');
    }
    expect(await countRows(t, 'boards')).toBe(1);
    for (const headers of [TOP_LEVEL_NAVIGATION, TYPED_URL, APP_FETCH, {}]) {
      const res = await t.call('GET', `/api/share/${code}`, { cookie: recipient.cookie, headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
    expect(await countRows(t, 'boards')).toBe(2);
  });

  it('an <img> of logout leaves the session alone; a navigation of this site signs out', async () => {
    t = await createTestApp();
    const { cookie } = await t.signIn();
    for (const headers of [...SUBRESOURCE_LOADS, ...OTHER_SITES]) {
      const res = await t.call('GET', 'http://localhost/api/logout', { cookie, headers });
      expect([res.status, res.headers.get('location'), res.headers.getSetCookie()], JSON.stringify(headers)).toEqual([
        302,
        '/',
        [],
      ]);
    }
    expect((await t.call('GET', '/api/current-user', { cookie })).status).toBe(200);
    const res = await t.call('GET', 'http://localhost/api/logout', { cookie, headers: TOP_LEVEL_NAVIGATION });
    expect(res.status).toBe(302);
    expect((await t.call('GET', '/api/current-user', { cookie })).status).toBe(401);
  });

  it('an <img> of dev-login signs no one in; typing it still does', async () => {
    t = await createTestApp();
    const local = { host: 'localhost' };
    for (const headers of [...SUBRESOURCE_LOADS, ...OTHER_SITES]) {
      const res = await requestFromPeer(t, '127.0.0.1', 'GET', 'http://localhost/api/dev-login', {
        headers: { ...local, ...headers },
      });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(sessionCookieFrom(res)).toBeUndefined();
    }
    expect(await countRows(t, 'sessions')).toBe(0);
    for (const headers of [TYPED_URL, {}]) {
      const res = await requestFromPeer(t, '127.0.0.1', 'GET', 'http://localhost/api/dev-login', {
        headers: { ...local, ...headers },
      });
      expect(res.status, JSON.stringify(headers)).toBe(302);
      expect(sessionCookieFrom(res)).toBeDefined();
    }
  });

  it("an <img> or another site naming a board's event stream takes no slot and shows no one present; the app's EventSource does", async () => {
    t = await createTestApp();
    const owner = await seedUserBoard(t, 'owner@example.com');
    const viewer = await t.signIn('viewer@example.com');
    await t.sql('insert into board_members (board_id, user_id, role) values (?, ?, ?)', [
      owner.board.id,
      viewer.user.id,
      'viewer',
    ]);
    const readers: SseReader[] = [];
    try {
      const open = async (cookie: string, headers: Record<string, string>) => {
        const res = await t.call('GET', `/api/boards/${owner.board.id}/events`, { cookie, headers });
        if (res.status === 200 && res.body) readers.push(new SseReader(res.body));
        return res;
      };
      const ownerRes = await open(owner.cookie, APP_FETCH);
      expect(ownerRes.status).toBe(200);
      const ownerStream = readers[0];
      await ownerStream.next('ready');
      for (const headers of [...SUBRESOURCE_LOADS, ...OTHER_SITES]) {
        const res = await open(viewer.cookie, headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect((await res.json()).error.code).toBe('forbidden_fetch');
      }
      expect((await t.sql('select user_id from live_streams')).map((r) => Number(r.user_id))).toEqual([owner.user.id]);
      // A change the owner makes after the refusals reaches their stream after every presence it was told: none
      // of them names the viewer.
      await expectJson(t, 'POST', `/api/boards/${owner.board.id}/ops`, 200, {
        cookie: owner.cookie,
        json: {
          batchId: 'isolation-after',
          ops: [{ type: 'card.move', id: owner.cards[0].id, position: { x: 12, y: 12 } }],
        },
      });
      const told = await ownerStream.until('change');
      const present = told
        .filter((e) => e.event === 'presence')
        .map((e) => (JSON.parse(e.data) as { people: { userId: number }[] }).people.map((p) => p.userId));
      expect(present.flat()).not.toContain(viewer.user.id);
      // The app's own EventSource (and a client without Fetch Metadata) still opens the stream.
      for (const headers of [APP_FETCH, {}]) {
        const res = await open(viewer.cookie, headers);
        expect(res.status, JSON.stringify(headers)).toBe(200);
        await readers.at(-1)!.next('ready');
      }
    } finally {
      await Promise.all(readers.map((r) => r.close()));
    }
  });

  it('an <img> of the checkout confirmation is refused before it reaches the payment provider', async () => {
    t = await createTestApp();
    const { cookie } = await t.signIn();
    for (const headers of [...SUBRESOURCE_LOADS, ...OTHER_SITES]) {
      const res = await t.call('GET', '/api/stripe/session/cs_test_123', { cookie, headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
  });
});
