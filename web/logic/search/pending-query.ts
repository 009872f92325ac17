import { STORAGE_KEYS, UNTITLED_BOARD_TITLE } from '#shared/constants';

/**
 * A guest's query waits in local storage across the sign-in round trip (spec accounts §3 keys pendingQuery and
 * pendingBoardTitle, §6 "Pending query and pending board title are kept locally and restored after login").
 */
export type PendingQuery = { query: string; boardTitle: string };

export function savePendingQuery(pending: PendingQuery, storage: Storage = localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.pendingQuery, pending.query);
    storage.setItem(STORAGE_KEYS.pendingBoardTitle, pending.boardTitle);
  } catch (err) {
    // Blocked storage: the guest signs in and types the query again.
    console.warn('Could not keep the pending query', err);
  }
}

/** Reads and removes the pending query, so a reload never runs it twice; null when none is waiting. */
export function takePendingQuery(storage: Storage = localStorage): PendingQuery | null {
  try {
    const query = storage.getItem(STORAGE_KEYS.pendingQuery);
    const boardTitle = storage.getItem(STORAGE_KEYS.pendingBoardTitle);
    storage.removeItem(STORAGE_KEYS.pendingQuery);
    storage.removeItem(STORAGE_KEYS.pendingBoardTitle);
    if (query === null || query.trim() === '') return null;
    return { query, boardTitle: boardTitle?.trim() || UNTITLED_BOARD_TITLE };
  } catch {
    return null;
  }
}

export function hasPendingQuery(storage: Storage = localStorage): boolean {
  try {
    return (storage.getItem(STORAGE_KEYS.pendingQuery) ?? '').trim() !== '';
  } catch {
    return false;
  }
}

/** Spec accounts §2: boards whose title begins 'Untitled' show the landing search. */
export function isLandingTitle(title: string | null | undefined): boolean {
  return (title ?? UNTITLED_BOARD_TITLE).startsWith(UNTITLED_BOARD_TITLE);
}

export type PendingTarget = { kind: 'current' } | { kind: 'new'; title: string };

/**
 * Where a restored query runs: on the current board while it is still empty (the guest's landing board),
 * otherwise on a new board named after the pending title. An 'Untitled…' title is left to the server's
 * numbering (an empty title becomes 'Untitled N').
 */
export function pendingTarget(currentBoardHasContent: boolean, pendingTitle: string): PendingTarget {
  if (!currentBoardHasContent) return { kind: 'current' };
  return { kind: 'new', title: isLandingTitle(pendingTitle) ? '' : pendingTitle };
}
