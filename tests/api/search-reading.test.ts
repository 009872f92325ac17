import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { opsResult } from '#shared/schemas/board-ops';
import { processQueryResponse, type ProcessQueryResponse } from '#shared/schemas/search';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The answer says what the query was read as (topics, scope, corrections), and the same query sent with a changed
 * reading answers by it: an explicit scope replaces the one read, and its results replace the previous query's
 * sections in the same write. A changed reading the catalogue cannot answer is refused and writes nothing.
 * Demo catalogue; queries written for this test.
 */
const catalogue = readCatalogueDir().data;
const genreOf = new Map(catalogue.games.map((g) => [g.name, g.subgenre]));

describe('the reading of a query, and a changed reading run again', () => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await loadCatalogue(t.db, planCatalogue(catalogue));
    const signed = await t.signIn(undefined, { monthlyLimit: -1, planId: 3 });
    cookie = signed.cookie;
    userId = signed.user.id;
  });
  afterAll(() => t.close());

  const newBoard = async () =>
    ((await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Reading' } })).json()) as { id: number }).id;
  const ask = (json: unknown) => t.call('POST', '/api/gemini/process', { cookie, json });
  const answerOf = async (res: Response): Promise<ProcessQueryResponse> => {
    expect(res.status, await res.clone().text()).toBe(200);
    return processQueryResponse.parse(await res.json());
  };
  const sections = (boardId: number) =>
    t.sql<{ id: number; title: string }>('select id, title from sections where board_id = ? order by id', [boardId]);
  const cards = (boardId: number) =>
    t.sql<{ id: number; section_id: number | null; game: string }>(
      'select id, section_id, game from cards where board_id = ? order by id',
      [boardId],
    );
  /** What a refused request must leave as it was: the board's rows, the month's count and the recorded queries. */
  const state = async (boardId: number) => ({
    sections: await sections(boardId),
    cards: await cards(boardId),
    usage: (await t.sql<{ usage_count: number }>('select usage_count from users where id = ?', [userId]))[0],
    queries: (await t.sql<{ n: number }>('select count(*) as n from queries where board_id = ?', [boardId]))[0],
  });

  it('reads a topic and a sub-genre; run again without the scope, its results replace the first ones in one write', async () => {
    const boardId = await newBoard();
    const first = await answerOf(await ask({ query: 'starter pack in match-3', boardId }));
    expect(first.reading?.scope).toEqual([{ kind: 'subGenre', name: 'Match-3' }]);
    expect(first.reading?.topics.map((topic) => topic.label)).toContain('Starter Pack');
    const before = await sections(boardId);
    const beforeCards = await cards(boardId);
    expect(before.length).toBeGreaterThan(0);

    const again = await answerOf(
      await ask({
        query: 'starter pack in match-3',
        boardId,
        reading: { scope: [] },
        replaces: before.map((s) => s.id),
      }),
    );
    expect(again.reading?.scope).toEqual([]);
    expect(again.reading?.topics.map((topic) => topic.label)).toContain('Starter Pack');
    // The previous results are gone in the same change that brings the new ones.
    expect(again.change?.removedSectionIds.sort()).toEqual(before.map((s) => s.id).sort());
    expect(again.replaced?.flatMap((r) => r.cardIds).sort()).toEqual(beforeCards.map((c) => c.id).sort());
    const after = await sections(boardId);
    expect(after.some((s) => before.some((b) => b.id === s.id))).toBe(false);
    expect(after.map((s) => s.title).join(' | ')).not.toMatch(/Match-3/);
    const afterCards = await cards(boardId);
    expect(afterCards.some((c) => genreOf.get(c.game) !== 'Match-3')).toBe(true);

    // Undo, as the web sends it: one batch that removes the new results and brings the old back, ids kept.
    const undo = await t.call('POST', `/api/boards/${boardId}/ops`, {
      cookie,
      json: {
        batchId: crypto.randomUUID(),
        ops: [
          ...afterCards.map((c) => ({ type: 'card.delete', id: c.id })),
          ...after.map((s) => ({ type: 'section.delete', id: s.id })),
          ...before.map((s, i) => ({
            type: 'section.create',
            ref: `s${i}`,
            section: { title: s.title, color: '#ffffff' },
          })),
          ...beforeCards.flatMap((c) => [
            { type: 'card.restore', id: c.id },
            {
              type: 'card.setSection',
              id: c.id,
              sectionId: null,
              sectionRef: `s${before.findIndex((s) => s.id === c.section_id)}`,
            },
          ]),
        ],
      },
    });
    expect(undo.status, await undo.clone().text()).toBe(200);
    const { refs } = opsResult.parse(await undo.json());
    expect((await sections(boardId)).map((s) => s.title)).toEqual(before.map((s) => s.title));
    const back = await cards(boardId);
    expect(back.map((c) => c.id)).toEqual(beforeCards.map((c) => c.id));
    for (const c of back) {
      const was = beforeCards.find((b) => b.id === c.id)!;
      expect(c.section_id).toBe(refs[`s${before.findIndex((s) => s.id === was.section_id)}`]);
    }
  });

  it('an explicit scope replaces the one read: a game named in the reading bounds the first section', async () => {
    const boardId = await newBoard();
    const answer = await answerOf(
      await ask({
        query: 'starter pack in match-3',
        boardId,
        reading: { scope: [{ kind: 'game', name: 'Royal Match' }] },
      }),
    );
    expect(answer.reading?.scope).toEqual([{ kind: 'game', name: 'Royal Match' }]);
    const [first] = await sections(boardId);
    const inFirst = (await cards(boardId)).filter((c) => c.section_id === first.id);
    expect(inFirst.length).toBeGreaterThan(0);
    for (const c of inFirst) expect(c.game).toBe('Royal Match');
  });

  it('a dropped topic stays dropped, and a typo can be searched as typed', async () => {
    const boardId = await newBoard();
    const read = await answerOf(await ask({ query: 'shooter loadot', boardId }));
    expect(read.reading?.respelled).toEqual([{ from: 'loadot', to: 'loadout' }]);
    expect(read.reading?.topics.map((topic) => topic.label)).toContain('loadout');
    const typed = await ask({
      query: 'shooter loadot',
      boardId,
      reading: { scope: read.reading!.scope, asTyped: true },
    });
    // Nothing says "loadot": as typed, the shooter scope alone answers.
    const asTyped = await answerOf(typed);
    expect(asTyped.reading?.respelled).toEqual([]);
    expect(asTyped.reading?.asTyped).toBe(true);
    const dropped = await answerOf(
      await ask({
        query: 'shooter loadot',
        boardId,
        reading: { scope: read.reading!.scope, dropTopics: ['word:loadout'] },
      }),
    );
    expect(dropped.reading?.topics.map((topic) => topic.key)).not.toContain('word:loadout');
  });

  it.each([
    ['an unknown genre', { scope: [{ kind: 'genre', name: 'Knitting' }] }, 400, 'Knitting'],
    ['an unknown game', { scope: [{ kind: 'game', name: 'No Such Game' }] }, 400, 'No Such Game'],
    ['a sub-genre named as a genre', { scope: [{ kind: 'genre', name: 'Match-3' }] }, 400, 'Match-3'],
    ['a topic the query was not read to have', { scope: [], dropTopics: ['word:zebra'] }, 400, 'zebra'],
    ['nothing left to search for', { scope: [], dropTopics: ['tag:Monetization/Starter Pack'] }, 400, 'nothing'],
    ['a malformed kind', { scope: [{ kind: 'planet', name: 'Mars' }] }, 400, 'kind'],
  ])('%s is refused and writes nothing', async (_what, reading, status, words) => {
    const boardId = await newBoard();
    await answerOf(await ask({ query: 'starter pack', boardId }));
    const before = await state(boardId);
    const res = await ask({
      query: 'starter pack',
      boardId,
      reading,
      replaces: before.sections.map((s) => s.id),
    });
    expect(res.status).toBe(status);
    expect(JSON.stringify(await res.json())).toContain(words);
    expect(await state(boardId)).toEqual(before);
  });

  it("replacing a section that is not the board's is not found (404), and writes nothing", async () => {
    const boardId = await newBoard();
    const other = await newBoard();
    await answerOf(await ask({ query: 'starter pack', boardId }));
    await answerOf(await ask({ query: 'gacha', boardId: other }));
    const before = await state(boardId);
    const strangers = (await sections(other)).map((s) => s.id);
    const res = await ask({ query: 'starter pack', boardId, reading: { scope: [] }, replaces: strangers });
    expect(res.status).toBe(404);
    expect(await state(boardId)).toEqual(before);
    expect((await sections(other)).map((s) => s.id)).toEqual(strangers);
  });
});
