import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideSectionLocks } from '#shared/section-lock';
import { createTestApp, type TestApp } from '../helpers/test-app';

type Card = { id: number; sectionId: number | null; title: string };
type Section = { id: number; title: string; locked?: boolean };

describe('free-plan section lock, enforced by the server', () => {
  let t: TestApp;
  let cookie: string;
  let boardId: number;
  let sections: Section[];
  let cards: Card[];

  beforeEach(async () => {
    t = await createTestApp();
    ({ cookie } = await t.signIn());
    const board = await (
      await t.call('POST', '/api/boards', { cookie, json: { title: 'Monetization references' } })
    ).json();
    boardId = board.id;
    sections = [];
    cards = [];
    for (const title of ['Starter packs', 'Shops', 'Battle passes', 'Piggy banks', 'Offers', 'Subscriptions']) {
      const section = await (
        await t.call('POST', '/api/sections', { cookie, json: { boardId, title, color: '#FDE2E4' } })
      ).json();
      sections.push(section);
      for (let i = 0; i < 3; i += 1) {
        const card = await (
          await t.call('POST', '/api/cards', {
            cookie,
            json: { boardId, sectionId: section.id, title: `${title} ${i}`, isBookmarked: 1 },
          })
        ).json();
        cards.push(card);
      }
    }
    cards.push(
      await (await t.call('POST', '/api/cards', { cookie, json: { boardId, title: 'Loose', isBookmarked: 1 } })).json(),
    );
  });
  afterEach(() => t.close());

  const get = async (url: string) => (await t.call('GET', url, { cookie })).json();

  /** Sections made one at a time: each one's lock was decided when it was created, from the hash. */
  const decidedOneByOne = () =>
    new Set(sections.flatMap((s, i) => [...decideSectionLocks('Monetization references', [s], i)]));

  it('flags sections as locked as they are created, deterministically, and never sends their cards anywhere', async () => {
    const expected = decidedOneByOne();
    expect(expected.size).toBeGreaterThan(0);
    // Each creation answered with its decided lock.
    expect(new Set(sections.filter((s) => s.locked).map((s) => s.id))).toEqual(expected);
    const listed: Section[] = await get(`/api/sections?boardId=${boardId}`);
    expect(new Set(listed.filter((s) => s.locked).map((s) => s.id))).toEqual(expected);

    const lockedCardIds = cards.filter((c) => c.sectionId !== null && expected.has(c.sectionId)).map((c) => c.id);
    expect(lockedCardIds).toHaveLength(3 * expected.size);
    const visible: Card[] = await get(`/api/cards?boardId=${boardId}`);
    expect(visible).toHaveLength(19 - lockedCardIds.length);
    expect(visible.some((c) => lockedCardIds.includes(c.id))).toBe(false);
    const bookmarks: Card[] = await get('/api/bookmarks');
    expect(bookmarks.some((c) => lockedCardIds.includes(c.id))).toBe(false);
    expect(bookmarks).toHaveLength(19 - lockedCardIds.length);

    for (const id of lockedCardIds.slice(0, 3)) {
      for (const [method, url, json] of [
        ['GET', `/api/cards/${id}`, undefined],
        ['PATCH', `/api/cards/${id}/bookmark`, undefined],
        ['PATCH', `/api/cards/${id}/position`, { position: { x: 1, y: 1 } }],
        ['PATCH', `/api/cards/${id}/section`, { sectionId: 0 }],
        ['DELETE', `/api/cards/${id}`, undefined],
      ] as const) {
        // Browsers send Origin on every PATCH and DELETE; Hono's csrf() needs it for a bodyless one.
        const res = await t.call(method, url, { cookie, json, headers: { origin: 'http://localhost' } });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(JSON.stringify(await res.json())).not.toContain('Starter packs 0');
      }
    }
    const unchanged = (
      await t.sql(
        `select count(*) n from cards where id in (${lockedCardIds.join(',')}) and section_id is not null and exists (select 1 from card_bookmarks b where b.card_id = cards.id)`,
      )
    )[0];
    expect(unchanged).toEqual({ n: lockedCardIds.length });
  });

  it('unlocks everything once the user is on a paid plan', async () => {
    await t.call('PATCH', '/api/user/plan', { cookie, json: { planId: 2 } });
    const listed: Section[] = await get(`/api/sections?boardId=${boardId}`);
    expect(listed.every((s) => s.locked === false)).toBe(true);
    expect(await get(`/api/cards?boardId=${boardId}`)).toHaveLength(19);
    expect(await get('/api/bookmarks')).toHaveLength(19);
    const lockedForFree = cards.find((c) => c.sectionId !== null && decidedOneByOne().has(c.sectionId))!;
    expect((await t.call('GET', `/api/cards/${lockedForFree.id}`, { cookie })).status).toBe(200);
  });

  it('deleting a board counts the cards its owner sees, not the locked ones', async () => {
    const visible: Card[] = await get(`/api/cards?boardId=${boardId}`);
    expect(visible.length).toBeLessThan(19);
    await t.call('POST', '/api/boards', { cookie, json: { title: 'Keep' } });
    const deleted = await t.call('DELETE', `/api/boards/${boardId}`, {
      cookie,
      headers: { origin: 'http://localhost' },
    });
    expect(await deleted.json()).toMatchObject({ success: true, cards: visible.length });
    // Undo brings every card back, the locked ones included.
    expect(
      (await t.call('POST', `/api/boards/${boardId}/restore`, { cookie, headers: { origin: 'http://localhost' } }))
        .status,
    ).toBe(200);
    expect(await t.sql(`select count(*) n from cards where board_id = ${boardId}`)).toEqual([{ n: 19 }]);

    // On a paid plan nothing is hidden: the count is every card.
    await t.call('PATCH', '/api/user/plan', { cookie, json: { planId: 2 } });
    const again = await t.call('DELETE', `/api/boards/${boardId}`, { cookie, headers: { origin: 'http://localhost' } });
    expect(await again.json()).toMatchObject({ cards: 19 });
  });

  it('locks nothing on a board with a single section', async () => {
    const board = await (await t.call('POST', '/api/boards', { cookie, json: { title: 'One section' } })).json();
    const section = await (
      await t.call('POST', '/api/sections', { cookie, json: { boardId: board.id, title: 'Only', color: '#FDE2E4' } })
    ).json();
    await t.call('POST', '/api/cards', {
      cookie,
      json: { boardId: board.id, sectionId: section.id, title: 'Visible' },
    });
    expect(await get(`/api/cards?boardId=${board.id}`)).toHaveLength(1);
    expect((await get(`/api/sections?boardId=${board.id}`))[0].locked).toBe(false);
  });
});
