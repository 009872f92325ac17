import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '#shared/plans';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectJson } from './fixtures/board-api';
import { solidPng, upload } from './fixtures/own-images';

type Card = { id: number; title: string; images: string[]; sectionId: number | null };
const SECTION_TITLES = [
  'Starter packs',
  'Shops',
  'Battle passes',
  'Piggy banks',
  'Offers',
  'Events',
  'Daily rewards',
  'Season pass',
];
const COLORS = ['#a11', '#1a1', '#11a', '#aa1', '#1aa', '#a1a', '#777', '#fa0'];

/**
 * A member sees no more than the owner's plan shows, through a copy too: when the owner drops to the free plan and
 * sections lock, a member's POST /api/boards/:id/copy carries the lock as decided for the source (a paid member's
 * copy included), and the own images on locked cards are not served to members while their card is locked. Runs
 * on SQLite and PostgreSQL.
 */
describe('a member’s copy keeps the lock', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('a Pro member’s copy of a board whose owner dropped to Free shows only what the member saw; locked images are not served', async () => {
    t = await createTestApp();
    const owner = await t.signIn('owner@example.com', { planId: PLAN_IDS.basic, firstName: 'Olga' });
    const pro = await t.signIn('pro@example.com', { planId: PLAN_IDS.pro });
    const free = await t.signIn('free@example.com', { planId: PLAN_IDS.free });
    const board = await expectJson<{ id: number }>(t, 'POST', '/api/boards', 201, {
      cookie: owner.cookie,
      json: { title: 'Monetisation' },
    });
    await t.sql('insert into board_members (board_id, user_id, role) values (?, ?, ?), (?, ?, ?)', [
      board.id,
      pro.user.id,
      'editor',
      board.id,
      free.user.id,
      'viewer',
    ]);
    // Eight sections, each with a card of text and an own image (uploaded into the section).
    for (const [i, title] of SECTION_TITLES.entries()) {
      const section = await expectJson<{ id: number }>(t, 'POST', '/api/sections', 201, {
        cookie: owner.cookie,
        json: { boardId: board.id, title, color: '#FDE2E4' },
      });
      await expectJson(t, 'POST', '/api/cards', 201, {
        cookie: owner.cookie,
        json: { boardId: board.id, sectionId: section.id, title: `${title} text` },
      });
      const res = await upload(t, `/api/boards/${board.id}/images`, {
        cookie: owner.cookie,
        file: await solidPng(30 + i, 20, COLORS[i]),
        name: `${title}.png`,
        fields: { sectionId: String(section.id) },
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const everything = await expectJson<Card[]>(t, 'GET', `/api/cards?boardId=${board.id}`, 200, {
      cookie: owner.cookie,
    });
    expect(everything).toHaveLength(16);

    // The owner drops to Free: some sections lock, for the owner and every member.
    await expectJson(t, 'PATCH', '/api/user/plan', 200, { cookie: owner.cookie, json: { planId: PLAN_IDS.free } });
    const sections = await expectJson<{ id: number; locked: boolean }[]>(
      t,
      'GET',
      `/api/sections?boardId=${board.id}`,
      200,
      { cookie: owner.cookie },
    );
    const lockedSections = new Set(sections.filter((s) => s.locked).map((s) => s.id));
    expect(lockedSections.size).toBeGreaterThan(0);
    const hidden = everything.filter((c) => c.sectionId !== null && lockedSections.has(c.sectionId));
    const shown = everything.filter((c) => !hidden.includes(c));
    expect(hidden.length).toBeGreaterThan(0);
    const titles = (cards: { title: string }[]) => cards.map((c) => c.title).sort();
    for (const member of [pro, free]) {
      expect(
        titles(await expectJson<Card[]>(t, 'GET', `/api/cards?boardId=${board.id}`, 200, { cookie: member.cookie })),
      ).toEqual(titles(shown));
    }

    // Each member's copy holds what they saw, whatever their own plan: no locked card's title or image.
    for (const member of [pro, free]) {
      const copy = await expectJson<{ boardId: number; copied: boolean }>(
        t,
        'POST',
        `/api/boards/${board.id}/copy`,
        200,
        { cookie: member.cookie },
      );
      expect(copy.copied).toBe(true);
      const copied = await expectJson<Card[]>(t, 'GET', `/api/cards?boardId=${copy.boardId}`, 200, {
        cookie: member.cookie,
      });
      expect(titles(copied)).toEqual(titles(shown));
      const content = await t.call('GET', `/api/boards/${copy.boardId}/content`, { cookie: member.cookie });
      const text = await content.text();
      // (Section titles are there, locked ones too, as the member saw them: the text cards' titles are not.)
      for (const card of hidden) {
        if (card.title.endsWith(' text')) expect(text).not.toContain(card.title);
        for (const image of card.images) expect(text).not.toContain(image);
      }
    }

    // Own images on locked cards are not served to members while their card is locked; the open ones are.
    const hiddenImages = hidden.flatMap((c) => c.images);
    const shownImages = shown.flatMap((c) => c.images);
    expect(hiddenImages.length).toBeGreaterThan(0);
    for (const member of [pro, free]) {
      for (const image of hiddenImages)
        expect((await t.call('GET', image, { cookie: member.cookie })).status, image).toBe(404);
      for (const image of shownImages)
        expect((await t.call('GET', image, { cookie: member.cookie })).status, image).toBe(200);
    }
    // The owner upgrades: the lock lifts, and the members see those images again.
    await expectJson(t, 'PATCH', '/api/user/plan', 200, { cookie: owner.cookie, json: { planId: PLAN_IDS.basic } });
    for (const image of hiddenImages)
      expect((await t.call('GET', image, { cookie: pro.cookie })).status, image).toBe(200);
  });
});
