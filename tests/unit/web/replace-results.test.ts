import { afterAll, beforeAll, expect, it } from 'vitest';
import { readCatalogueDir } from '../../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../../api/catalogue/load-catalogue';
import { processQueryResponse, type ProcessQueryResponse } from '#shared/schemas/search';
import { clearHistory, execute, redo, undo } from '../../../web/commands/history';
import { swapResultsCommand } from '../../../web/commands/replace-results';
import { useSearchStatus } from '../../../web/components/search/search-status.store';
import { LootQueryClient } from '../../../web/data/query-client';
import { cardKeys, sectionKeys } from '../../../web/data/query-keys';
import type { Card, Section } from '../../../web/data/wire';
import { routeFetchToApp } from '../../helpers/browser-fetch';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * The undo of a changed reading against the real API (the browser's fetch routed to the Hono app, nothing of ours
 * replaced): one batch swaps the new results for the ones they replaced, the same cards by id in sections made again
 * with the same titles; redo swaps back without a second search; the panel's chips follow each side.
 */
let t: TestApp;
let cookie: string;
let restoreFetch: () => void;

beforeAll(async () => {
  t = await createTestApp();
  await loadCatalogue(t.db, planCatalogue(readCatalogueDir().data));
  cookie = (await t.signIn(undefined, { planId: 4 })).cookie;
  restoreFetch = routeFetchToApp(t, cookie);
});
afterAll(async () => {
  restoreFetch();
  await t.close();
});

async function json<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call(method, url, { cookie, json: body, headers: { origin: 'http://localhost' } });
  expect(res.ok, `${method} ${url} → ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

it('undo of a changed reading brings the replaced results back in one batch; redo swaps again', async () => {
  const qc = new LootQueryClient();
  clearHistory(qc);
  const boardId = (await json<{ id: number }>('POST', '/api/boards', { title: 'Reading' })).id;
  const board = async () => {
    const sections = await json<Section[]>('GET', `/api/sections?boardId=${boardId}`);
    const cards = await json<Card[]>('GET', `/api/cards?boardId=${boardId}`);
    qc.setQueryData(sectionKeys.list(boardId), sections);
    qc.setQueryData(cardKeys.list(boardId), cards);
    const sorted = [...sections].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
    return { titles: sorted.map((s) => s.title), cardIds: cards.map((c) => c.id).sort((a, b) => a - b), sections };
  };
  const query = 'starter pack in match-3';
  const ask = async (body: object): Promise<ProcessQueryResponse> =>
    processQueryResponse.parse(await json('POST', '/api/gemini/process', { query, boardId, ...body }));

  const first = await ask({});
  const before = await board();
  const beforeCards = qc.getQueryData<Card[]>(cardKeys.list(boardId))!;
  const again = await ask({ reading: { scope: [] }, replaces: before.sections.map((s) => s.id) });
  const after = await board();
  expect(after.titles).not.toEqual(before.titles);
  const firstSide = { shown: { query, reading: first.reading!, edit: null }, notice: first.notice ?? null };
  const againSide = {
    shown: { query, reading: again.reading!, edit: { scope: [] } },
    notice: again.notice ?? null,
  };

  const swap = swapResultsCommand(
    'Change how the query was read',
    boardId,
    { sectionIds: after.sections.map((s) => s.id), side: againSide },
    {
      sections: before.sections,
      cards: again.replaced!.flatMap((r) => r.cardIds.map((id) => ({ id, sectionId: r.sectionId }))),
      known: new Map(beforeCards.map((c) => [c.id, c])),
      side: firstSide,
    },
  );
  // The history's undo runs the swap as it would after the query (recorded by the search flow).
  expect(await execute(swap, qc)).toBe(true);
  const undone = await board();
  expect(undone.titles).toEqual(before.titles);
  expect(undone.cardIds).toEqual(before.cardIds);
  expect(useSearchStatus.getState().reading?.reading.scope).toEqual([{ kind: 'subGenre', name: 'Match-3' }]);
  expect(useSearchStatus.getState().reading?.sectionIds.sort()).toEqual(undone.sections.map((s) => s.id).sort());

  // Its inverse swaps the changed reading's results back (the same cards), no second search.
  const searches = await t.sql<{ n: number }>('select count(*) as n from queries where board_id = ?', [boardId]);
  expect(await undo(qc)).toBe(true);
  const redone = await board();
  expect(redone.titles).toEqual(after.titles);
  expect(redone.cardIds).toEqual(after.cardIds);
  expect(useSearchStatus.getState().reading?.reading.scope).toEqual([]);
  expect(await redo(qc)).toBe(true);
  expect((await board()).titles).toEqual(before.titles);
  expect(await t.sql('select count(*) as n from queries where board_id = ?', [boardId])).toEqual(searches);
});
