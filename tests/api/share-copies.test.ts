import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOARD_TITLE_MAX } from '#shared/constants';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectJson } from './fixtures/board-api';

type Person = { user: { id: number }; cookie: string };
const SECTION_TITLES = ['Starter packs', 'Shops', 'Battle passes', 'Piggy banks', 'Offers', 'Events', 'Daily rewards'];

/** Every card title a user can read on a board: the card list, the board's content page count to match. */
async function readableTitles(t: TestApp, who: Person, boardId: number): Promise<string[]> {
  const cards = await expectJson<{ title: string }[]>(t, 'GET', `/api/cards?boardId=${boardId}`, 200, {
    cookie: who.cookie,
  });
  const content = await expectJson<{ total: number }>(t, 'GET', `/api/boards/${boardId}/content`, 200, {
    cookie: who.cookie,
  });
  expect(content.total).toBe(cards.length);
  return cards.map((c) => c.title).sort();
}

/** A board made through the API by its owner: sections one by one (each decided as it is made), three cards in each. */
async function boardThroughApi(t: TestApp, owner: Person, title: string) {
  const board = await expectJson<{ id: number }>(t, 'POST', '/api/boards', 201, {
    cookie: owner.cookie,
    json: { title },
  });
  const sections: { id: number; title: string; locked: boolean }[] = [];
  for (const sectionTitle of SECTION_TITLES) {
    const section = await expectJson(t, 'POST', '/api/sections', 201, {
      cookie: owner.cookie,
      json: { boardId: board.id, title: sectionTitle, color: '#FDE2E4' },
    });
    sections.push(section);
    for (let i = 0; i < 3; i += 1) {
      await expectJson(t, 'POST', '/api/cards', 201, {
        cookie: owner.cookie,
        json: { boardId: board.id, sectionId: section.id, title: `${sectionTitle} ${i}` },
      });
    }
  }
  await expectJson(t, 'POST', '/api/cards', 201, {
    cookie: owner.cookie,
    json: { boardId: board.id, title: 'Loose card' },
  });
  return { boardId: board.id, sections };
}

const shareCodeOf = async (t: TestApp, owner: Person, boardId: number) =>
  (
    await expectJson<{ shareCode: string }>(t, 'PATCH', `/api/boards/${boardId}`, 200, {
      cookie: owner.cookie,
      json: { isShared: 1 },
    })
  ).shareCode;

const open = async (t: TestApp, who: Person, code: string) =>
  expectJson<{ boardId: number; copied: boolean }>(t, 'GET', `/api/share/${code}`, 200, { cookie: who.cookie });

/** A share copy carries its source's lock, decided once; nothing the users control re-rolls it. */
describe('a copy reveals no more than its source', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('the rename-delete-reopen loop never shows a second free account a card hidden from the free owner', async () => {
    const owner = await t.signIn(undefined, { firstName: 'Anna' });
    const { boardId, sections } = await boardThroughApi(t, owner, 'Match-3 offers');
    const locked = sections.filter((s) => s.locked);
    expect(locked.length).toBeGreaterThan(0);
    // A locked section the owner deletes: its cards stay on the board, still hidden from them.
    await expectJson(t, 'DELETE', `/api/sections/${locked[0].id}`, 200, { cookie: owner.cookie });
    const ownerSees = await readableTitles(t, owner, boardId);
    expect(ownerSees.length).toBeLessThan(SECTION_TITLES.length * 3 + 1);
    expect(ownerSees).not.toContain(`${locked[0].title} 0`);
    const code = await shareCodeOf(t, owner, boardId);

    const friend = await t.signIn();
    await expectJson(t, 'POST', '/api/boards', 201, { cookie: friend.cookie, json: { title: 'Mine' } }); // so a copy is never their last board
    const seen = new Set<string>();
    for (let round = 0; round < 8; round += 1) {
      await expectJson(t, 'PATCH', `/api/boards/${boardId}`, 200, {
        cookie: owner.cookie,
        json: { title: `Match-3 offers ${'v'.repeat(round + 1)}` },
      });
      const openSections = sections.filter((s) => !s.locked);
      const renamedSection = openSections[round % openSections.length];
      await expectJson(t, 'PATCH', `/api/sections/${renamedSection.id}`, 200, {
        cookie: owner.cookie,
        json: { title: `Renamed ${round}` },
      });
      const copy = await open(t, friend, code);
      expect(copy.copied).toBe(true);
      // The copy's own renames change nothing either.
      await expectJson(t, 'PATCH', `/api/boards/${copy.boardId}`, 200, {
        cookie: friend.cookie,
        json: { title: `Try ${round}` },
      });
      const copySees = await readableTitles(t, friend, copy.boardId);
      expect(copySees).toEqual(ownerSees);
      for (const title of copySees) seen.add(title);
      await expectJson(t, 'DELETE', `/api/boards/${copy.boardId}`, 200, { cookie: friend.cookie });
    }
    expect([...seen].sort()).toEqual(ownerSees);
    expect(await readableTitles(t, owner, boardId)).toEqual(ownerSees);
  });

  it("a paid owner's board locks the same sections in every free copy, whatever anyone renames", async () => {
    const owner = await t.signIn(undefined, { firstName: 'Paid', planId: 4 });
    const { boardId } = await boardThroughApi(t, owner, 'Reference pack');
    expect(await readableTitles(t, owner, boardId)).toHaveLength(SECTION_TITLES.length * 3 + 1);
    const code = await shareCodeOf(t, owner, boardId);
    const first = await t.signIn();
    const firstCopy = await readableTitles(t, first, (await open(t, first, code)).boardId);
    expect(firstCopy.length).toBeLessThan(SECTION_TITLES.length * 3 + 1);
    for (let round = 0; round < 4; round += 1) {
      await expectJson(t, 'PATCH', `/api/boards/${boardId}`, 200, {
        cookie: owner.cookie,
        json: { title: `Reference pack ${round}` },
      });
      const next = await t.signIn();
      expect(await readableTitles(t, next, (await open(t, next, code)).boardId)).toEqual(firstCopy);
    }
    // The paid owner still sees everything.
    expect(await readableTitles(t, owner, boardId)).toHaveLength(SECTION_TITLES.length * 3 + 1);
  });

  it('a copy of a copy shows no more than the first', async () => {
    const owner = await t.signIn(undefined, { firstName: 'Anna' });
    const { boardId } = await boardThroughApi(t, owner, 'Match-3 offers');
    const ownerSees = await readableTitles(t, owner, boardId);
    const middle = await t.signIn(undefined, { firstName: 'Ben', planId: 4 });
    const middleCopy = (await open(t, middle, await shareCodeOf(t, owner, boardId))).boardId;
    // A paying middle sees every card, and may share the copy on.
    expect((await readableTitles(t, middle, middleCopy)).length).toBeGreaterThan(ownerSees.length);
    const last = await t.signIn();
    const lastCopy = (await open(t, last, await shareCodeOf(t, middle, middleCopy))).boardId;
    expect(await readableTitles(t, last, lastCopy)).toEqual(ownerSees);
  });
});

/** One copy per recipient per board, named after its source and its owner. */
describe('share copies per board', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('stop sharing and sharing again leads the same recipient to the copy they have', async () => {
    const owner = await t.signIn(undefined, { firstName: 'Anna', planId: 4 });
    const { boardId } = await boardThroughApi(t, owner, 'Match-3 offers');
    const friend = await t.signIn(undefined, { planId: 4 });
    const first = await open(t, friend, await shareCodeOf(t, owner, boardId));
    expect(first.copied).toBe(true);
    for (let round = 0; round < 3; round += 1) {
      await expectJson(t, 'PATCH', `/api/boards/${boardId}`, 200, { cookie: owner.cookie, json: { isShared: 0 } });
      const again = await open(t, friend, await shareCodeOf(t, owner, boardId));
      expect(again).toEqual({ boardId: first.boardId, copied: false });
    }
    const boards = await expectJson<{ id: number; title: string }[]>(t, 'GET', '/api/boards', 200, {
      cookie: friend.cookie,
    });
    expect(boards.map((b) => b.title)).toEqual(['Match-3 offers (from Anna)']);
  });

  it("names a copy after the source board and its owner's first name, within the title limit", async () => {
    const anna = await t.signIn(undefined, { firstName: '  Anna\u0007\n ' });
    const nameless = await t.signIn(undefined, { firstName: null });
    const friend = await t.signIn();
    const copyTitle = async (owner: Person, title?: string) => {
      const board = await expectJson<{ id: number }>(t, 'POST', '/api/boards', 201, {
        cookie: owner.cookie,
        json: title === undefined ? {} : { title },
      });
      const { boardId } = await open(t, friend, await shareCodeOf(t, owner, board.id));
      return (
        await t.sql<{ title: string; slug: string }>('select title, slug from boards where id = ?', [boardId])
      )[0];
    };
    expect(await copyTitle(anna, 'Match-3 offers')).toEqual({
      title: 'Match-3 offers (from Anna)',
      slug: 'match-3-offers-(from-anna)',
    });
    expect((await copyTitle(anna)).title).toBe('Untitled (from Anna)');
    expect((await copyTitle(nameless, 'Shops')).title).toBe('Shops (shared)');
    const long = await copyTitle(anna, `${'x'.repeat(BOARD_TITLE_MAX - 2)}😀`);
    expect(long.title).toBe(`${'x'.repeat(BOARD_TITLE_MAX - ' (from Anna)'.length - 1)}… (from Anna)`);
    expect([...long.title]).toHaveLength(BOARD_TITLE_MAX);
  });

  it('a deleted copy comes back by undo beside the fresh one the link made meanwhile, no longer the linked copy', async () => {
    const owner = await t.signIn(undefined, { firstName: 'Anna', planId: 4 });
    const { boardId } = await boardThroughApi(t, owner, 'Match-3 offers');
    const code = await shareCodeOf(t, owner, boardId);
    const friend = await t.signIn(undefined, { planId: 4 });
    await expectJson(t, 'POST', '/api/boards', 201, { cookie: friend.cookie, json: { title: 'Mine' } });
    const first = await open(t, friend, code);
    await expectJson(t, 'DELETE', `/api/boards/${first.boardId}`, 200, { cookie: friend.cookie });
    const fresh = await open(t, friend, code);
    expect(fresh.copied).toBe(true);
    await expectJson(t, 'POST', `/api/boards/${first.boardId}/restore`, 200, { cookie: friend.cookie });
    expect(await open(t, friend, code)).toEqual({ boardId: fresh.boardId, copied: false });
    expect((await t.sql('select count(*) n from boards where user_id = ?', [friend.user.id]))[0]).toEqual({ n: 3 });
  });
});
