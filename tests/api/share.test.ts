import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boards, cardBookmarks, cards, sections } from '../../api/db/schema';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app';

/** Seeds a board with two sections and three cards straight into SQLite (the board API has its own tests). */
async function seedBoard(t: TestApp, userId: number, shared: boolean) {
  const shareCode = shared ? randomBytes(16).toString('base64url') : null;
  const board = await t.db
    .insert(boards)
    .values({ userId, title: 'Offers', slug: 'offers', isShared: shared ? 1 : 0, shareCode })
    .returning()
    .then((r) => r[0]);
  const s1 = await t.db
    .insert(sections)
    .values({ boardId: board.id, title: 'Starter packs', color: '#FDE2E4' })
    .returning()
    .then((r) => r[0]);
  const s2 = await t.db
    .insert(sections)
    .values({ boardId: board.id, title: 'Shops', color: '#E2ECE9' })
    .returning()
    .then((r) => r[0]);
  const [royal] = await t.db
    .insert(cards)
    .values([
      {
        boardId: board.id,
        sectionId: s1.id,
        title: 'Royal Pass',
        images: ['/api/storage/a.webp'],
        tags: ['Monetization'],
        x: 10,
        y: 20,
      },
      { boardId: board.id, sectionId: s2.id, title: 'Gem shop', images: [], tags: ['Shop'], x: 400, y: 20 },
      { boardId: board.id, sectionId: null, title: 'Loose card', x: 0, y: 900 },
    ])
    .returning();
  // The owner's own bookmark (per person): it stays theirs, a copy's cards are nobody's bookmarks.
  await t.db.insert(cardBookmarks).values({ userId, cardId: royal.id });
  return { board, shareCode, sectionIds: [s1.id, s2.id] };
}

const count = async (t: TestApp, table: string, where = '1=1', ...args: unknown[]) =>
  ((await t.sql(`select count(*) n from ${table} where ${where}`, [...args]))[0] as { n: number }).n;

describe('share links', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('gives the recipient their own copy with sections and cards, leaving the original untouched', async () => {
    const owner = await t.signIn();
    const { board, shareCode } = await seedBoard(t, owner.user.id, true);
    // Everything but the free-plan lock, which the first copy decides for the board once (and the copy carries).
    const original = async () =>
      JSON.stringify(
        (await t.sql('select * from cards where board_id = ? order by id', [board.id])).map(
          ({ locked: _lock, ...row }) => row,
        ),
      );
    const before = await original();
    const recipient = await t.signIn();
    const res = await t.call('GET', `/api/share/${shareCode}`, { cookie: recipient.cookie });
    expect(res.status).toBe(200);
    const { boardId, copied } = await res.json();
    expect(copied).toBe(true);
    expect(boardId).not.toBe(board.id);
    const copy = (await t.sql('select * from boards where id = ?', [boardId]))[0] as {
      user_id: number;
      title: string;
      is_shared: number;
    };
    expect(copy).toMatchObject({
      user_id: recipient.user.id,
      title: `Offers (from ${owner.user.firstName})`,
      is_shared: 0,
    });
    expect(await count(t, 'sections', 'board_id = ?', boardId)).toBe(2);
    const copiedCards = await t.sql(
      'select c.title, (select count(*) from card_bookmarks b where b.card_id = c.id) bookmarks, c.x, c.y, s.title section from cards c left join sections s on s.id = c.section_id where c.board_id = ? order by c.id',
      [boardId],
    );
    expect(copiedCards).toEqual([
      { title: 'Royal Pass', bookmarks: 0, x: 10, y: 20, section: 'Starter packs' },
      { title: 'Gem shop', bookmarks: 0, x: 400, y: 20, section: 'Shops' },
      { title: 'Loose card', bookmarks: 0, x: 0, y: 900, section: null },
    ]);
    // The copy's sections are the recipient's own rows, not the owner's.
    const foreignSections = await count(
      t,
      'cards c join sections s on s.id = c.section_id',
      'c.board_id = ? and s.board_id != ?',
      boardId,
      boardId,
    );
    expect(foreignSections).toBe(0);
    expect(await original()).toBe(before);
  });

  it('returns the original to its owner without copying', async () => {
    const owner = await t.signIn();
    const { board, shareCode } = await seedBoard(t, owner.user.id, true);
    const res = await t.call('GET', `/api/share/${shareCode}`, { cookie: owner.cookie });
    expect(await res.json()).toEqual({ boardId: board.id, copied: false });
    expect(await count(t, 'boards')).toBe(1);
  });

  it('refuses unshared boards, unknown and malformed codes, and guests, writing nothing', async () => {
    const owner = await t.signIn();
    const { board, shareCode } = await seedBoard(t, owner.user.id, true);
    const recipient = await t.signIn();
    expect((await t.call('GET', `/api/share/${shareCode}`)).status).toBe(401);
    expect(
      (await t.call('GET', `/api/share/${randomBytes(16).toString('base64url')}`, { cookie: recipient.cookie })).status,
    ).toBe(404);
    expect((await t.call('GET', `/api/share/${board.id}`, { cookie: recipient.cookie })).status).toBe(400);
    expect((await t.call('GET', '/api/share/..%2F..%2Fetc', { cookie: recipient.cookie })).status).toBe(400);
    await t.sql('update boards set is_shared = 0, share_code = null where id = ?', [board.id]);
    const after = await t.call('GET', `/api/share/${shareCode}`, { cookie: recipient.cookie });
    expect(after.status).toBe(404);
    expect((await after.json()).error.message).toMatch(/no longer shared/);
    expect(await count(t, 'boards')).toBe(1);
  });

  it('gives one recipient one copy per board: opening a link again answers the same copy until they delete it', async () => {
    const owner = await t.signIn();
    const { board, shareCode } = await seedBoard(t, owner.user.id, true);
    const recipient = await t.signIn();
    const first = await (await t.call('GET', `/api/share/${shareCode}`, { cookie: recipient.cookie })).json();
    expect(first.copied).toBe(true);
    const again = await (await t.call('GET', `/api/share/${shareCode}`, { cookie: recipient.cookie })).json();
    expect(again).toEqual({ boardId: first.boardId, copied: false });
    expect(await count(t, 'boards', 'user_id = ?', recipient.user.id)).toBe(1);
    expect(await count(t, 'cards', 'board_id = ?', first.boardId)).toBe(3);
    // Another recipient gets their own copy.
    const other = await t.signIn();
    const theirs = await (await t.call('GET', `/api/share/${shareCode}`, { cookie: other.cookie })).json();
    expect(theirs.copied).toBe(true);
    expect(theirs.boardId).not.toBe(first.boardId);

    // Stop sharing, share again: a new code, the old link fails, and the new one leads to the copy they have.
    await t.call('PATCH', `/api/boards/${board.id}`, { cookie: owner.cookie, json: { isShared: 0 } });
    const reshared = await (
      await t.call('PATCH', `/api/boards/${board.id}`, { cookie: owner.cookie, json: { isShared: 1 } })
    ).json();
    expect(reshared.shareCode).not.toBe(shareCode);
    expect((await t.call('GET', `/api/share/${shareCode}`, { cookie: recipient.cookie })).status).toBe(404);
    const viaNewCode = await (
      await t.call('GET', `/api/share/${reshared.shareCode}`, { cookie: recipient.cookie })
    ).json();
    expect(viaNewCode).toEqual({ boardId: first.boardId, copied: false });

    // Deleted copy (a second board so it is not their last): the link makes a fresh one.
    await t.call('POST', '/api/boards', { cookie: recipient.cookie, json: { title: 'Mine' } });
    const deleted = await t.call('DELETE', `/api/boards/${first.boardId}`, {
      cookie: recipient.cookie,
      headers: { origin: 'http://localhost' },
    });
    expect(deleted.status).toBe(200);
    const fresh = await (await t.call('GET', `/api/share/${reshared.shareCode}`, { cookie: recipient.cookie })).json();
    expect(fresh.copied).toBe(true);
    expect(fresh.boardId).not.toBe(first.boardId);
  });

  it("names the copy after the shared board and its owner, an 'Untitled' one included, however many the recipient has", async () => {
    const owner = await t.signIn(undefined, { firstName: 'Anna' });
    const titled = await seedBoard(t, owner.user.id, true);
    const code = randomBytes(16).toString('base64url');
    await t.db
      .insert(boards)
      .values({ userId: owner.user.id, title: 'Untitled 2', slug: 'untitled-2', isShared: 1, shareCode: code });
    const recipient = await t.signIn();
    // Their own 'Untitled' and 'Untitled 2'.
    for (let i = 0; i < 2; i += 1)
      await t.call('POST', '/api/boards', {
        cookie: recipient.cookie,
        json: {},
        headers: { origin: 'http://localhost' },
      });
    const copyOf = async (shareCode: string | null) => {
      const { boardId } = await (await t.call('GET', `/api/share/${shareCode}`, { cookie: recipient.cookie })).json();
      return (await t.sql('select title, slug from boards where id = ?', [boardId]))[0] as {
        title: string;
        slug: string;
      };
    };
    expect(await copyOf(titled.shareCode)).toEqual({ title: 'Offers (from Anna)', slug: 'offers-(from-anna)' });
    expect(await copyOf(code)).toEqual({ title: 'Untitled 2 (from Anna)', slug: 'untitled-2-(from-anna)' });
    // Opened again: still that one board.
    expect(await copyOf(code)).toEqual({ title: 'Untitled 2 (from Anna)', slug: 'untitled-2-(from-anna)' });
    expect(await t.sql('select title from boards where user_id = ? order by id', [recipient.user.id])).toEqual([
      { title: 'Untitled' },
      { title: 'Untitled 2' },
      { title: 'Offers (from Anna)' },
      { title: 'Untitled 2 (from Anna)' },
    ]);
  });

  it('answers a malformed link with the same sentence as an unknown one, never validator text', async () => {
    const recipient = await t.signIn();
    for (const code of ['short', 'has spaces in it and more', 'x'.repeat(200)]) {
      const res = await t.call('GET', `/api/share/${encodeURIComponent(code)}`, { cookie: recipient.cookie });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe('This share link is invalid or the board is no longer shared');
    }
  });

  it('refuses a copy started by another site', async () => {
    const owner = await t.signIn();
    const { shareCode } = await seedBoard(t, owner.user.id, true);
    const recipient = await t.signIn();
    const res = await t.call('GET', `/api/share/${shareCode}`, {
      cookie: recipient.cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(await count(t, 'boards')).toBe(1);
  });

  // SQLite only: the failure is injected with a SQLite trigger (raise(abort)).
  it.skipIf(testDialect() === 'postgres')(
    'copies all or nothing: a failure mid-copy leaves no partial board',
    async () => {
      const owner = await t.signIn();
      const { board, shareCode } = await seedBoard(t, owner.user.id, true);
      const recipient = await t.signIn();
      // A trigger that fails the third card insert makes the copy fail half-way.
      t.db.$client
        .exec(`create trigger fail_copy before insert on cards when new.title = 'Loose card' and new.board_id != ${board.id}
      begin select raise(abort, 'disk full'); end`);
      const res = await t.call('GET', `/api/share/${shareCode}`, { cookie: recipient.cookie });
      expect(res.status).toBe(500);
      expect(await count(t, 'boards', 'user_id = ?', recipient.user.id)).toBe(0);
      expect(await count(t, 'sections')).toBe(2);
      expect(await count(t, 'cards')).toBe(3);
    },
  );
});

describe('feedback', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('stores trimmed feedback for the session user, ignoring a userId in the body', async () => {
    const { user, cookie } = await t.signIn();
    const other = await t.signIn();
    const res = await t.call('POST', '/api/feedback', {
      cookie,
      json: { title: '  Great tool ', message: '  More merge games please  ', userId: other.user.id },
    });
    expect(res.status).toBe(201);
    expect(await t.sql('select user_id, title, message from feedback')).toEqual([
      { user_id: user.id, title: 'Great tool', message: 'More merge games please' },
    ]);
  });

  it('accepts the limits exactly and refuses past them, blank messages and guests, writing nothing', async () => {
    const { cookie } = await t.signIn();
    expect(
      (await t.call('POST', '/api/feedback', { cookie, json: { title: 't'.repeat(100), message: 'm'.repeat(3000) } }))
        .status,
    ).toBe(201);
    const refused = [
      { title: 't'.repeat(101), message: 'ok' },
      { message: 'm'.repeat(3001) },
      { message: '   \n\t ' },
      { title: 'no message' },
      { message: 42 },
    ];
    for (const json of refused) {
      const res = await t.call('POST', '/api/feedback', { cookie, json });
      expect(res.status, JSON.stringify(json).slice(0, 40)).toBe(400);
    }
    expect((await t.call('POST', '/api/feedback', { json: { message: 'hi' } })).status).toBe(401);
    const form = await t.call('POST', '/api/feedback', {
      cookie,
      json: 'message=hi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(await count(t, 'feedback')).toBe(1);
  });
});
