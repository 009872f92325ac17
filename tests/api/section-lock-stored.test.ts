import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boards, cards, sections } from '../../api/db/schema';
import { decideUndecidedLocks } from '../../api/services/section-lock.service';
import { lockedSectionIds } from '#shared/section-lock';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Content = { total: number; rows: unknown[][]; sections: { id: number; title: string; locked: boolean }[] };
const SECTION_TITLES = ['Starter packs', 'Shops', 'Battle passes', 'Piggy banks', 'Offers'];
const ORIGIN = { origin: 'http://localhost' };

/**
 * The lock is decided once and stored. A free user receives a shared board of 5 sections and
 * 20 cards (a batch, so about 55% of its sections lock), then renames, deletes and moves as an attacker would.
 */
describe('free-plan lock, decided once and stored', () => {
  let t: TestApp;
  let free: { user: { id: number }; cookie: string };
  let boardId: number;

  beforeEach(async () => {
    t = await createTestApp();
    const sharer = await t.signIn(undefined, { planId: 4 });
    const board = await t.db
      .insert(boards)
      .values({
        userId: sharer.user.id,
        title: 'Monetization',
        slug: 'monetization',
        isShared: 1,
        shareCode: randomBytes(16).toString('base64url'),
      })
      .returning()
      .then((r) => r[0]);
    for (const title of SECTION_TITLES) {
      const section = await t.db
        .insert(sections)
        .values({ boardId: board.id, title, color: '#FDE2E4' })
        .returning()
        .then((r) => r[0]);
      await t.db
        .insert(cards)
        .values([0, 1, 2, 3].map((i) => ({ boardId: board.id, sectionId: section.id, title: `${title} ${i}` })));
    }
    free = await t.signIn();
    const res = await t.call('GET', `/api/share/${board.shareCode}`, { cookie: free.cookie });
    expect(res.status).toBe(200);
    boardId = (await res.json()).boardId;
  });
  afterEach(() => t.close());

  const content = async (): Promise<Content> =>
    (await t.call('GET', `/api/boards/${boardId}/content`, { cookie: free.cookie })).json();
  const visibleIds = async () => new Set((await content()).rows.map((r) => r[0] as number));
  const allCardIds = async () =>
    (await t.sql('select id from cards where board_id = ? order by id', [boardId])).map(
      (r) => Object.values(r)[0],
    ) as number[];
  const everyReadableId = async () => {
    const ids = new Set(await visibleIds());
    for (const c of await (await t.call('GET', `/api/cards?boardId=${boardId}`, { cookie: free.cookie })).json())
      ids.add(c.id);
    for (const c of await (await t.call('GET', '/api/bookmarks', { cookie: free.cookie })).json()) ids.add(c.id);
    return ids;
  };

  it('locks the copy as one batch: the same sections the hash picks for the whole board', async () => {
    const first = await content();
    const expected = lockedSectionIds(1, 'Monetization', first.sections);
    expect(expected.size).toBe(3);
    expect(new Set(first.sections.filter((s) => s.locked).map((s) => s.id))).toEqual(expected);
    expect(first.total).toBe(8);
  });

  it('renaming the board and its sections never reveals a hidden card', async () => {
    const before = await visibleIds();
    expect(before.size).toBe(8);
    const sectionIds = (await content()).sections.map((s) => s.id);
    const seen = new Set<number>();
    for (let round = 0; round < 8; round += 1) {
      const renamed = await t.call('PATCH', `/api/boards/${boardId}`, {
        cookie: free.cookie,
        json: { title: `Try ${round} ${'x'.repeat(round)}` },
        headers: ORIGIN,
      });
      expect(renamed.status).toBe(200);
      const sectionRename = await t.call('PATCH', `/api/sections/${sectionIds[round % sectionIds.length]}`, {
        cookie: free.cookie,
        json: { title: `Renamed ${round}` },
        headers: ORIGIN,
      });
      expect(sectionRename.status).toBe(200);
      const page = await content();
      expect(page.total).toBe(8);
      for (const id of await everyReadableId()) seen.add(id);
    }
    expect(seen).toEqual(before);
  });

  it('deleting a locked section leaves its cards on the board, still hidden', async () => {
    const before = await visibleIds();
    const locked = (await content()).sections.filter((s) => s.locked);
    for (const section of locked) {
      const res = await t.call('DELETE', `/api/sections/${section.id}`, { cookie: free.cookie, headers: ORIGIN });
      expect(res.status).toBe(200);
    }
    const after = await content();
    expect(after.total).toBe(8);
    expect(await everyReadableId()).toEqual(before);
    // The cards are still there, unlinked (spec: deleting a section keeps its cards on the board).
    expect(
      (await t.sql('select count(*) n from cards where board_id = ? and section_id is null', [boardId]))[0],
    ).toEqual({ n: 12 });
  });

  it('a card moved into a locked section is hidden, and stays hidden when that section goes', async () => {
    const page = await content();
    const lockedSection = page.sections.find((s) => s.locked)!;
    const visibleCard = page.rows[0][0] as number;
    const moved = await t.call('PATCH', `/api/cards/${visibleCard}/section`, {
      cookie: free.cookie,
      json: { sectionId: lockedSection.id },
      headers: ORIGIN,
    });
    expect(moved.status).toBe(200);
    expect((await visibleIds()).has(visibleCard)).toBe(false);
    await t.call('DELETE', `/api/sections/${lockedSection.id}`, { cookie: free.cookie, headers: ORIGIN });
    expect((await everyReadableId()).has(visibleCard)).toBe(false);
    expect((await t.call('GET', `/api/cards/${visibleCard}`, { cookie: free.cookie })).status).toBe(404);
  });

  it('a hidden card moved by the database (any route, now or later) stays hidden', async () => {
    const before = await visibleIds();
    const hidden = (await allCardIds()).filter((id) => !before.has(id));
    const openSection = (await content()).sections.find((s) => !s.locked)!;
    await t.sql(`update cards set section_id = ? where id in (${hidden.join(',')})`, [openSection.id]);
    expect(await everyReadableId()).toEqual(before);
    await t.sql(`update cards set section_id = null where id in (${hidden.join(',')})`);
    expect(await everyReadableId()).toEqual(before);
  });

  it('upgrading shows every card; a downgrade decides once, and renames after it change nothing', async () => {
    const up = await t.call('PATCH', '/api/user/plan', { cookie: free.cookie, json: { planId: 2 }, headers: ORIGIN });
    expect(up.status).toBe(200);
    expect((await content()).total).toBe(20);
    expect((await content()).sections.every((s) => !s.locked)).toBe(true);

    const down = await t.call('PATCH', '/api/user/plan', { cookie: free.cookie, json: { planId: 1 }, headers: ORIGIN });
    expect(down.status).toBe(200);
    const after = await content();
    const [{ title }] = await t.sql<{ title: string }>('select title from boards where id = ?', [boardId]);
    expect(new Set(after.sections.filter((s) => s.locked).map((s) => s.id))).toEqual(
      lockedSectionIds(1, title, after.sections),
    );
    const visible = await visibleIds();
    expect(visible.size).toBe(8);
    for (const title of ['Other', 'Another one', 'Third']) {
      await t.call('PATCH', `/api/boards/${boardId}`, { cookie: free.cookie, json: { title }, headers: ORIGIN });
      expect(await everyReadableId()).toEqual(visible);
    }
  });
});

describe('boards from before the lock was stored', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('are decided once at start, as their free owners saw them, and keep that decision after renames', async () => {
    const { user, cookie } = await t.signIn();
    const board = await t.db
      .insert(boards)
      .values({ userId: user.id, title: 'Legacy', slug: 'legacy' })
      .returning()
      .then((r) => r[0]);
    const legacy = await Promise.all(
      SECTION_TITLES.map(
        async (title) =>
          await t.db
            .insert(sections)
            .values({ boardId: board.id, title, color: '#FDE2E4' })
            .returning()
            .then((r) => r[0]),
      ),
    );
    for (const section of legacy)
      await t.db.insert(cards).values({ boardId: board.id, sectionId: section.id, title: `${section.title} card` });
    const paid = await t.signIn(undefined, { planId: 3 });
    const paidBoard = await t.db
      .insert(boards)
      .values({ userId: paid.user.id, title: 'Paid', slug: 'paid' })
      .returning()
      .then((r) => r[0]);
    await t.db.insert(sections).values([
      { boardId: paidBoard.id, title: 'A', color: '#FDE2E4' },
      { boardId: paidBoard.id, title: 'B', color: '#FDE2E4' },
    ]);
    expect((await t.sql('select count(*) n from sections where locked is null'))[0]).toEqual({ n: 7 });

    expect(await decideUndecidedLocks(t.db)).toBe(1);
    const expected = lockedSectionIds(1, 'Legacy', legacy);
    const stored = (await t.sql('select id from sections where board_id = ? and locked = 1', [board.id])).map(
      (r) => Object.values(r)[0],
    );
    expect(new Set(stored)).toEqual(expected);
    // The paid user's sections stay undecided until a downgrade.
    expect(
      (await t.sql('select count(*) n from sections where board_id = ? and locked is null', [paidBoard.id]))[0],
    ).toEqual({ n: 2 });
    expect(await decideUndecidedLocks(t.db)).toBe(0);

    await t.call('PATCH', `/api/boards/${board.id}`, { cookie, json: { title: 'Something else' }, headers: ORIGIN });
    const page = await (await t.call('GET', `/api/boards/${board.id}/content`, { cookie })).json();
    expect(
      new Set(page.sections.filter((s: { locked: boolean }) => s.locked).map((s: { id: number }) => s.id)),
    ).toEqual(expected);
    expect(page.total).toBe(5 - expected.size);
  });
});
