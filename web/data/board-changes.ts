import type { QueryClient } from '@tanstack/react-query';
import { changesAnswer, type BoardChange } from '#shared/schemas/board-ops';
import { bookmarkChanges, mergeChange, type LocalBoard } from '../logic/board-ops/merge-change';
import { apiJson } from './api-client';
import { noteRemoteGrowth, takeRemoteGrowth } from '../logic/remote-growth';
import { SCREEN_ID } from './screen-id';
import { confirmOwnPrediction, confirmedBoard, forgetPending, rebasePending } from './board-pending';
import { syncCachedBookmark } from './bookmarks.queries';
import { boardKeys, cardKeys, sectionKeys } from './query-keys';
import type { Board, Card, Section } from './wire';

/**
 * The one board store's way in for changes the server applied (ARCHITECTURE "Where board changes go"):
 * this screen's ops answers and the changes heard on the board's event stream. A board's cards and sections live in
 * the react-query cache (cardKeys.list, sectionKeys.list), which the engine is fed from; this module keeps the
 * content version that cache is at, and applies changes to it strictly in version order: a change that does not
 * follow on from it makes the screen fetch what it missed (GET /api/boards/:id/changes?since=), or the board again.
 */

const versions = new Map<number, number>();
/** One catch-up per board at a time; changes arriving meanwhile wait behind it. */
const catchUps = new Map<number, Promise<void>>();
const listeners = new Set<(boardId: number) => void>();
/** This screen's writes in flight per board, until their answers are in the store. */
const ownWrites = new Map<number, Set<Promise<unknown>>>();

/**
 * Marks a write of this screen in flight on the board until `write` settles (its answer applied). A version the
 * live stream announces meanwhile without its rows (a change over NOTIFY's 8 kB on PostgreSQL) is most likely this
 * write's, which its answer brings: the stream waits for it before fetching what it missed (a query
 * draws its cards without a request more).
 */
export function trackOwnWrite<T>(boardId: number, write: Promise<T>): Promise<T> {
  const writes = ownWrites.get(boardId) ?? new Set<Promise<unknown>>();
  ownWrites.set(boardId, writes);
  writes.add(write);
  const settle = () => {
    writes.delete(write);
    if (writes.size === 0 && ownWrites.get(boardId) === writes) ownWrites.delete(boardId);
  };
  write.then(settle, settle);
  return write;
}

/** Resolves once every write of this screen in flight on the board has settled. */
export async function ownWritesSettled(boardId: number): Promise<void> {
  const writes = ownWrites.get(boardId);
  if (writes) await Promise.allSettled([...writes]);
}

/** The content version this screen's copy of the board is at (undefined: not known yet). */
export function knownBoardVersion(boardId: number): number | undefined {
  return versions.get(boardId);
}

/** The board's cards were (re)loaded at `version` (the first content page says it). */
export function setBoardVersion(boardId: number, version: number): void {
  versions.set(boardId, version);
  for (const listener of listeners) listener(boardId);
}

/** Called whenever a board's known version is set from a load (the live stream starts following from it). */
export function onBoardVersionSet(listener: (boardId: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The board as cached now (empty lists when not loaded). */
export function cachedBoard(queryClient: QueryClient, boardId: number): LocalBoard {
  return {
    cards: queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [],
    sections: queryClient.getQueryData<Section[]>(sectionKeys.list(boardId)) ?? [],
  };
}

/** Writes the board back to the cache (only the lists that changed, and only where the board is loaded). */
export function storeBoard(queryClient: QueryClient, boardId: number, before: LocalBoard, after: LocalBoard): void {
  if (after.cards !== before.cards && queryClient.getQueryData(cardKeys.list(boardId)) !== undefined) {
    queryClient.setQueryData<Card[]>(cardKeys.list(boardId), after.cards as Card[]);
  }
  if (after.sections !== before.sections && queryClient.getQueryData(sectionKeys.list(boardId)) !== undefined) {
    queryClient.setQueryData<Section[]>(sectionKeys.list(boardId), after.sections as Section[]);
  }
}

/** The board store as the pending batches' predictions read and write it. */
export const boardStore = { read: cachedBoard, write: storeBoard };

/** Sets a board's title (and, when told, its first-auto-layout flag) in every cached boards list. */
export function storeBoardTitle(queryClient: QueryClient, boardId: number, title: string, autoLayoutDone?: boolean): void {
  const flag = autoLayoutDone === undefined ? undefined : autoLayoutDone ? 1 : 0;
  for (const [key, boards] of queryClient.getQueriesData<Board[]>({ queryKey: boardKeys.lists() })) {
    if (boards?.some((b) => b.id === boardId && (b.title !== title || (flag !== undefined && b.autoLayoutDone !== flag)))) {
      queryClient.setQueryData<Board[]>(key, boards.map((b) => (b.id === boardId ? { ...b, title, autoLayoutDone: flag ?? b.autoLayoutDone } : b)));
    }
  }
}

/** Listeners told of each change another screen made, just before it lands in the store. */
const otherScreensChanges = new Set<(change: BoardChange) => void>();

/**
 * Calls `listener` with every change another screen made (another person, or this person's other tab), as it is
 * applied, before the board store has it: the board flashes its cards, a drag of a card it deletes ends.
 */
export function onOtherScreensChange(listener: (change: BoardChange) => void): () => void {
  otherScreensChanges.add(listener);
  return () => otherScreensChanges.delete(listener);
}

function applyToCache(queryClient: QueryClient, change: BoardChange, keepDetails: boolean): void {
  if (change.screen !== SCREEN_ID) {
    for (const listener of otherScreensChanges) {
      try {
        listener(change);
      } catch (err) {
        console.error('A board change listener failed', err);
      }
    }
  }
  // While batches of ours are pending the change goes under them: into the confirmed board, ours predicted on top.
  const confirmed = confirmedBoard(change.boardId);
  const before = confirmed ?? cachedBoard(queryClient, change.boardId);
  const after = mergeChange(before, change, { keepDetails });
  for (const card of bookmarkChanges(before, change)) syncCachedBookmark(queryClient, card);
  if (confirmed) rebasePending(queryClient, change.boardId, after, change.batchId, boardStore);
  else storeBoard(queryClient, change.boardId, before, after);
  const grew = after.cards.length > before.cards.length || after.sections.length > before.sections.length;
  if (grew && change.screen !== SCREEN_ID) noteRemoteGrowth(change.boardId);
  if (change.board) storeBoardTitle(queryClient, change.boardId, change.board.title, change.board.autoLayoutDone);
  if (!keepDetails) for (const row of change.cards) queryClient.removeQueries({ queryKey: cardKeys.detail(row[0]), exact: true });
}

/**
 * A change too large to tell row by row that this tab's own request made: an Organize or layout save of a large
 * board, which the command put into this tab's cache before it sent it. Loading thousands of cards again to see
 * what is on screen already would stall the board the user just arranged; every other screen does reload.
 */
function isOwnLargeChange(change: BoardChange): boolean {
  return change.reload && change.screen === SCREEN_ID;
}

/**
 * Loads the board again: too much changed to tell it row by row (its first page then says its version). What it
 * brings was laid out by the screen that made it: noted before the new rows can render, withdrawn if nothing grew.
 */
export async function reloadBoard(queryClient: QueryClient, boardId: number): Promise<void> {
  versions.delete(boardId);
  forgetPending(boardId);
  const before = cachedBoard(queryClient, boardId);
  noteRemoteGrowth(boardId);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: cardKeys.list(boardId), exact: true }),
    queryClient.invalidateQueries({ queryKey: sectionKeys.list(boardId), exact: true }),
  ]);
  const after = cachedBoard(queryClient, boardId);
  if (after.cards.length <= before.cards.length && after.sections.length <= before.sections.length) takeRemoteGrowth(boardId);
}

/** Fetches what the board's cache missed since its version and applies it in order (or loads the board again). */
export function catchUpBoard(queryClient: QueryClient, boardId: number): Promise<void> {
  const running = catchUps.get(boardId);
  if (running) return running;
  const run = (async () => {
    const since = versions.get(boardId);
    if (since === undefined) return;
    const answer = changesAnswer.parse(await apiJson('GET', `/api/boards/${boardId}/changes?since=${since}`));
    if (answer.kind === 'reload') return reloadBoard(queryClient, boardId);
    for (const change of answer.changes) {
      if (change.fromVersion !== versions.get(boardId)) continue;
      if (change.reload) {
        if (!isOwnLargeChange(change)) return reloadBoard(queryClient, boardId);
        confirmOwnPrediction(queryClient, boardId, change.batchId, boardStore);
        versions.set(boardId, change.version);
        continue;
      }
      applyToCache(queryClient, change, false);
      versions.set(boardId, change.version);
    }
  })().finally(() => catchUps.delete(boardId));
  catchUps.set(boardId, run);
  return run;
}

/**
 * A change the server applied, from this screen's own batch (`own`: its loaded details stay unless the batch
 * changed them) or from another screen. Applied when it follows on from the cached version; already-known ones are
 * skipped; a gap is filled from the change log first.
 */
export async function receiveBoardChange(queryClient: QueryClient, change: BoardChange, options: { own?: { keepDetails: boolean } } = {}): Promise<void> {
  const { boardId } = change;
  await catchUps.get(boardId);
  const known = versions.get(boardId);
  if (known !== undefined && change.version <= known) return;
  if (change.reload) {
    if (known === undefined || change.fromVersion !== known || !isOwnLargeChange(change)) return reloadBoard(queryClient, boardId);
    confirmOwnPrediction(queryClient, boardId, change.batchId, boardStore);
    versions.set(boardId, change.version);
    return;
  }
  if (known === undefined || change.fromVersion === known) {
    applyToCache(queryClient, change, options.own?.keepDetails ?? false);
    // Unknown before: a board this screen has not loaded through its content (nothing to follow on from).
    if (known !== undefined) versions.set(boardId, change.version);
    return;
  }
  await catchUpBoard(queryClient, boardId);
  // The log may have held it (it is then applied); if not, the answer's rows are the newest anyway.
  if ((versions.get(boardId) ?? -1) < change.version) applyToCache(queryClient, change, false);
}
