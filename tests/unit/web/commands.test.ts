import type { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchCommand } from '../../../web/commands/batch';
import { deleteCardCommand } from '../../../web/commands/delete-card';
import { clearHistory, execute, redo, undo } from '../../../web/commands/history';
import { moveCardsToBoardCommand } from '../../../web/commands/move-card-to-board';
import { boardSessions, LootQueryClient } from '../../../web/data/query-client';
import { renameSectionCommand } from '../../../web/commands/section-commands';
import { dropCardsCommand, moveCardsToSectionCommand } from '../../../web/commands/section-moves';
import { toggleBookmarkCommand } from '../../../web/commands/toggle-bookmark';
import { boardKeys, bookmarkKeys, cardKeys, sectionKeys } from '../../../web/data/query-keys';
import type { Card, Section } from '../../../web/data/wire';
import { useAppStore } from '../../../web/stores/app.store';
import { useToastStore } from '../../../web/stores/toast.store';
import { webI18n } from '../../../web/i18n/i18n';
import { routeFetchToApp } from '../../helpers/browser-fetch';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * The command path against the real API over a real SQLite file: the browser's fetch is routed to the Hono app
 * with the signed-in user's cookie and the page's Origin (what a browser adds by itself); nothing of ours is
 * replaced.
 */
let t: TestApp;
let cookie: string;
let userId: number;
let restoreFetch: () => void;
/** Every request the commands sent, as "METHOD path". */
let sent: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A paid plan: the free-plan section lock (server-side) would hide cards in about half of the sections.
  const signedIn = await t.signIn(undefined, { planId: 4 });
  cookie = signedIn.cookie;
  userId = signedIn.user.id;
  restoreFetch = routeFetchToApp(t, cookie, (request) => sent.push(request));
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

let qc: QueryClient;
let boardId: number;
let otherBoardId: number;
let sectionA: Section;
let sectionB: Section;

async function seedCard(title: string, sectionId: number | null = null): Promise<Card> {
  return json<Card>('POST', '/api/cards', {
    boardId,
    title,
    sectionId,
    position: { x: 10, y: 20 },
    images: ['/api/storage/x.webp'],
  });
}

async function loadCaches() {
  qc.setQueryData(boardKeys.list(userId), await json<unknown[]>('GET', '/api/boards'));
  qc.setQueryData(cardKeys.list(boardId), await json<Card[]>('GET', `/api/cards?boardId=${boardId}`));
  qc.setQueryData(sectionKeys.list(boardId), await json<Section[]>('GET', `/api/sections?boardId=${boardId}`));
  qc.setQueryData(cardKeys.list(otherBoardId), await json<Card[]>('GET', `/api/cards?boardId=${otherBoardId}`));
  qc.setQueryData(bookmarkKeys.list(), await json<Card[]>('GET', '/api/bookmarks'));
}

const cached = (id: number) => qc.getQueryData<Card[]>(cardKeys.list(boardId))?.find((c) => c.id === id);
const serverCards = (board = boardId) => json<Card[]>('GET', `/api/cards?boardId=${board}`);
const lastToast = () => useToastStore.getState().current;

/** The requests sent while `action` runs. */
async function requestsOf(action: () => Promise<unknown>): Promise<string[]> {
  sent = [];
  await action();
  return sent;
}

beforeEach(async () => {
  qc = new LootQueryClient();
  clearHistory(qc);
  useAppStore.setState({ newBookmarksCount: 0 });
  boardId = (await json<{ id: number }>('POST', '/api/boards', { title: 'Main' })).id;
  otherBoardId = (await json<{ id: number }>('POST', '/api/boards', { title: 'Other' })).id;
  sectionA = await json<Section>('POST', '/api/sections', { boardId, title: 'Shops', color: '#FDE2E4' });
  sectionB = await json<Section>('POST', '/api/sections', { boardId, title: 'Passes', color: '#E2ECE9' });
});

describe('toggle bookmark (spec §4)', () => {
  it('flips optimistically, updates the bookmarks list and the counter, and undoes', async () => {
    const card = await seedCard('Royal Pass');
    await loadCaches();
    expect(await execute(toggleBookmarkCommand(card.id), qc)).toBe(true);
    expect(cached(card.id)?.isBookmarked).toBe(1);
    expect(qc.getQueryData<Card[]>(bookmarkKeys.list())?.map((c) => c.id)).toContain(card.id);
    expect(useAppStore.getState().newBookmarksCount).toBe(1);
    expect(lastToast()?.title).toBe('Added to Bookmarks');
    expect((await serverCards()).find((c) => c.id === card.id)?.isBookmarked).toBe(1);

    await undo(qc);
    expect(cached(card.id)?.isBookmarked).toBe(0);
    expect(qc.getQueryData<Card[]>(bookmarkKeys.list())?.map((c) => c.id)).not.toContain(card.id);
    expect((await serverCards()).find((c) => c.id === card.id)?.isBookmarked).toBe(0);
    expect(lastToast()?.title).toBe('Undone');
  });

  it('reverts and says so when the server refuses', async () => {
    const card = await seedCard('Gone');
    await loadCaches();
    await json('DELETE', `/api/cards/${card.id}`);
    useAppStore.setState({ newBookmarksCount: 0 });
    expect(await execute(toggleBookmarkCommand(card.id), qc)).toBe(false);
    expect(cached(card.id)?.isBookmarked).toBe(0);
    expect(useAppStore.getState().newBookmarksCount).toBe(0);
    // The server's own message, not the generic words.
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Card not found', variant: 'destructive' });
    expect(useAppStore.getState().undoLabel).toBeNull();
  });
});

describe('section assignment', () => {
  it('gives the context-menu toasts and undoes to the previous section', async () => {
    const card = await seedCard('Shop', sectionA.id);
    await loadCaches();
    const moved = await requestsOf(() =>
      execute(moveCardsToSectionCommand(qc, boardId, [card.id], sectionB.id, 'menu'), qc),
    );
    expect(moved).toEqual([`POST /api/boards/${boardId}/ops`]);
    expect(lastToast()).toMatchObject({ title: 'Card added to section', description: 'Passes' });
    expect((await serverCards()).find((c) => c.id === card.id)?.sectionId).toBe(sectionB.id);
    await execute(moveCardsToSectionCommand(qc, boardId, [card.id], null, 'menu'), qc);
    expect(lastToast()).toMatchObject({
      title: 'Card unlinked from section',
      description: 'Card is no longer linked to any section',
    });
    expect(await requestsOf(() => undo(qc))).toHaveLength(1);
    await undo(qc);
    expect((await serverCards()).find((c) => c.id === card.id)?.sectionId).toBe(sectionA.id);
    await redo(qc);
    expect(cached(card.id)?.sectionId).toBe(sectionB.id);
  });

  it('reports a failed menu assignment and a failed dialog move with their own texts', async () => {
    const card = await seedCard('Shop');
    await loadCaches();
    const otherSection = await json<Section>('POST', '/api/sections', {
      boardId: otherBoardId,
      title: 'Elsewhere',
      color: '#FFF1C1',
    });
    await execute(moveCardsToSectionCommand(qc, boardId, [card.id], otherSection.id, 'menu'), qc);
    // Each with its own title, and the server's message.
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Section not found' });
    expect(cached(card.id)?.sectionId).toBeNull();
    await execute(moveCardsToSectionCommand(qc, boardId, [card.id], otherSection.id, 'dialog'), qc);
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Section not found' });
    // The Russian locale says it in the spec's words, and the server answers the interface's language.
    await webI18n.changeLanguage('ru');
    try {
      await execute(moveCardsToSectionCommand(qc, boardId, [card.id], otherSection.id, 'dialog'), qc);
      expect(lastToast()).toMatchObject({ title: 'Ошибка', description: 'Секция не найдена' });
    } finally {
      await webI18n.changeLanguage('en');
    }
  });
});

describe('delete and restore', () => {
  it('deletes with the spec toast in one request; undo brings back the same card, and redo deletes it again', async () => {
    const card = await seedCard('Starter Pack', sectionA.id);
    await loadCaches();
    await execute(dropCardsCommand(qc, boardId, [card.id], [{ x: 300, y: 400 }], sectionA.id), qc);
    const placed = (await serverCards()).find((c) => c.id === card.id)!;
    const deleting = await requestsOf(() => execute(deleteCardCommand(card.id), qc));
    expect(deleting).toEqual([`POST /api/boards/${boardId}/ops`]);
    expect(lastToast()).toMatchObject({ title: 'Card Deleted', description: 'Card has been removed from the board' });
    expect(cached(card.id)).toBeUndefined();
    expect((await serverCards()).some((c) => c.id === card.id)).toBe(false);

    // The undo is one request too, and the card is the same one: same id, section and place.
    expect(await requestsOf(() => undo(qc))).toEqual([`POST /api/boards/${boardId}/ops`]);
    const restored = (await serverCards()).find((c) => c.id === card.id)!;
    expect(restored).toMatchObject({ title: 'Starter Pack', sectionId: sectionA.id, position: placed.position });
    expect(cached(card.id)).toMatchObject({ sectionId: sectionA.id, position: placed.position });
    await redo(qc);
    expect((await serverCards()).some((c) => c.id === card.id)).toBe(false);
  });

  it('deletes N cards as one batch: one request, one change; the undo restores all of them in one more', async () => {
    const cards = [await seedCard('A', sectionA.id), await seedCard('B', sectionA.id), await seedCard('C')];
    await loadCaches();
    const changesBefore = (await t.sql('select count(*) n from board_changes where board_id = ?', [boardId]))[0];
    const deleting = await requestsOf(() =>
      execute(
        batchCommand(
          'Delete cards',
          cards.map((c) => deleteCardCommand(c.id)),
        ),
        qc,
      ),
    );
    expect(deleting).toEqual([`POST /api/boards/${boardId}/ops`]);
    const changesAfter = (await t.sql('select count(*) n from board_changes where board_id = ?', [boardId]))[0];
    expect(Number(changesAfter.n) - Number(changesBefore.n)).toBe(1);
    expect(await requestsOf(() => undo(qc))).toHaveLength(1);
    expect((await serverCards()).map((c) => c.id).sort()).toEqual(cards.map((c) => c.id).sort());
  });
});

describe('move to another board', () => {
  it('moves the cards in one batch, clears their sections, and undo puts them back in their places in one more', async () => {
    const inSection = await seedCard('Pass', sectionB.id);
    const loose = await seedCard('Shop');
    await loadCaches();
    // Both boards as the page holds them: loaded with their versions (web/data/board-content.ts).
    for (const id of [boardId, otherBoardId])
      boardSessions(qc)
        .session(id)
        .setVersion((await json<{ version: number }>('GET', `/api/boards/${id}/content?limit=1`)).version);
    const before = await serverCards();
    const was = (id: number) => before.find((c) => c.id === id)!;
    const writes = (requests: string[]) => requests.filter((r) => r.startsWith('POST'));
    const moving = await requestsOf(() =>
      execute(moveCardsToBoardCommand(boardId, [inSection.id, loose.id], otherBoardId, 'Move cards to board'), qc),
    );
    expect(writes(moving)).toEqual([`POST /api/boards/${boardId}/ops`]);
    expect(lastToast()).toMatchObject({ title: 'Cards moved', description: '2 cards → Other' });
    expect(cached(inSection.id)).toBeUndefined();
    expect(cached(loose.id)).toBeUndefined();
    const there = await serverCards(otherBoardId);
    expect(there.map((c) => [c.id, c.sectionId]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [inSection.id, null],
      [loose.id, null],
    ]);

    const undoing = await requestsOf(() => undo(qc));
    expect(writes(undoing)).toEqual([`POST /api/boards/${otherBoardId}/ops`]);
    const back = await serverCards();
    for (const id of [inSection.id, loose.id]) {
      const card = back.find((c) => c.id === id)!;
      expect(card.sectionId).toBe(was(id).sectionId);
      // This screen's copy of the board took them back from the board's change log.
      expect(cached(id)?.sectionId).toBe(was(id).sectionId);
      expect(cached(id)?.position).toEqual(card.position);
    }
    // The sectioned card takes its slot in its section, laid out as the section closes up around it.
    const section = (await json<Section[]>('GET', `/api/sections?boardId=${boardId}`)).find(
      (x) => x.id === sectionB.id,
    )!;
    const slot = back.find((c) => c.id === inSection.id)!.position;
    expect(slot.x).toBeGreaterThanOrEqual(section.position.x);
    expect(slot.y).toBeGreaterThanOrEqual(section.position.y);
    expect(slot.x).toBeLessThan(section.position.x + section.size.width);
    expect(slot.y).toBeLessThan(section.position.y + section.size.height);
    expect(await serverCards(otherBoardId)).toEqual([]);
  });

  it('names the card and its board when one card moves', async () => {
    const card = await seedCard('Pass', sectionB.id);
    await loadCaches();
    await execute(moveCardsToBoardCommand(boardId, [card.id], otherBoardId), qc);
    expect(lastToast()).toMatchObject({ title: 'Card moved' });
    expect(lastToast()?.description).toContain('Other');
  });
});

describe('batches and sections', () => {
  it('undoes a batch in one step', async () => {
    const a = await seedCard('A');
    const b = await seedCard('B');
    await loadCaches();
    await execute(batchCommand('Bookmark cards', [toggleBookmarkCommand(a.id), toggleBookmarkCommand(b.id)]), qc);
    expect(useAppStore.getState().undoLabel).toBe('Bookmark cards');
    expect((await json<Card[]>('GET', '/api/bookmarks')).filter((c) => c.boardId === boardId)).toHaveLength(2);
    await undo(qc);
    expect((await json<Card[]>('GET', '/api/bookmarks')).filter((c) => c.boardId === boardId)).toHaveLength(0);
    expect(useAppStore.getState().redoLabel).toBe('Bookmark cards');
  });

  it('a drop of several cards is one batch that happens whole or not at all', async () => {
    const kept = await seedCard('Kept');
    const gone = await seedCard('Gone');
    await loadCaches();
    await json('DELETE', `/api/cards/${gone.id}`);
    const requests = await requestsOf(async () =>
      expect(
        await execute(
          batchCommand('Move cards', [
            dropCardsCommand(qc, boardId, [kept.id], [{ x: 999, y: 999 }], null),
            dropCardsCommand(qc, boardId, [gone.id], [{ x: 1, y: 1 }], null),
          ]),
          qc,
        ),
      ).toBe(false),
    );
    // One request, refused whole: nothing sent to put anything back.
    expect(requests).toEqual([`POST /api/boards/${boardId}/ops`]);
    expect((await serverCards()).find((c) => c.id === kept.id)?.position).toEqual({ x: 10, y: 20 });
    expect(cached(kept.id)?.position).toEqual({ x: 10, y: 20 });
    expect(useAppStore.getState().undoLabel).toBeNull();
  });

  it('drops 20 cards into a section in one request; the screen shows the outcome before the answer', async () => {
    const cards: Card[] = [];
    for (let i = 0; i < 20; i++) cards.push(await seedCard(`Card ${i}`));
    await loadCaches();
    let predicted: Card[] | undefined;
    const running = execute(
      dropCardsCommand(
        qc,
        boardId,
        cards.map((c) => c.id),
        cards.map(() => ({ x: 40, y: 100 })),
        sectionA.id,
      ),
      qc,
    );
    // Before the answer: the prediction is drawn, with the server's own layout function.
    await Promise.resolve();
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    predicted = qc.getQueryData<Card[]>(cardKeys.list(boardId));
    expect(await running).toBe(true);
    const server = await serverCards();
    for (const c of cards) {
      const s = server.find((x) => x.id === c.id)!;
      expect(s.sectionId).toBe(sectionA.id);
      expect(cached(c.id)).toMatchObject({ sectionId: sectionA.id, position: s.position });
      expect(predicted?.find((x) => x.id === c.id)).toMatchObject({ sectionId: sectionA.id, position: s.position });
    }
  });

  it('renames a section with the spec toast and reverts a refused title', async () => {
    await loadCaches();
    await execute(renameSectionCommand(boardId, sectionA.id, 'Offers'), qc);
    expect(lastToast()).toMatchObject({ title: 'Title Updated', description: 'Section title successfully changed' });
    await execute(renameSectionCommand(boardId, sectionA.id, 'x'.repeat(5000)), qc);
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Title must be at most 200 characters.' });
    expect(qc.getQueryData<Section[]>(sectionKeys.list(boardId))?.find((s) => s.id === sectionA.id)?.title).toBe(
      'Offers',
    );
  });
});
