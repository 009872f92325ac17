import { STORAGE_KEYS } from '#shared/constants';

/**
 * Boards whose first auto-layout was applied (spec accounts §3 'layoutInitializedBoards'; board-workspace §3
 * names the same list 'boardsWithAppliedLayout', kept in step so either reader agrees).
 */
const KEYS = [STORAGE_KEYS.layoutInitializedBoards, STORAGE_KEYS.boardsWithAppliedLayout];

function read(storage: Storage, key: string): number[] {
  try {
    const parsed = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

function write(storage: Storage, ids: number[]) {
  try {
    for (const key of KEYS) storage.setItem(key, JSON.stringify(ids));
  } catch {
    // blocked storage: the layout is then applied again next time, which is harmless
  }
}

export function isLayoutApplied(boardId: number, storage: Storage = localStorage): boolean {
  return KEYS.some((key) => read(storage, key).includes(boardId));
}

export function markLayoutApplied(boardId: number, storage: Storage = localStorage): void {
  const ids = new Set(read(storage, KEYS[0]));
  ids.add(boardId);
  write(storage, [...ids]);
}

/** Spec §4: when a board becomes empty its applied-layout flag is cleared. */
export function clearLayoutApplied(boardId: number, storage: Storage = localStorage): void {
  write(
    storage,
    read(storage, KEYS[0]).filter((id) => id !== boardId),
  );
}

export type LayoutDecisionInput = {
  cards: number;
  sections: number;
  /** The counts seen the last time this board was laid out or loaded; null the first time. */
  baseline: { cards: number; sections: number } | null;
  applied: boolean;
  viewsOpen: boolean;
  disabled: boolean;
  running: boolean;
  /**
   * The growth came from another screen's change (live boards): that screen lays out what it added
   * and its layout arrives as a change too; this one must not write a second layout over it (and over moves made
   * meanwhile), so the new counts become the baseline.
   */
  remoteGrowth?: boolean;
};

export type LayoutDecision = 'run' | 'skip' | 'clear' | 'record-baseline';

/**
 * Spec board-workspace §4 "Auto-layout": run the first time the board has content, re-run whenever the number
 * of cards or sections grows; skip in the bookmarks or collections view, when disabled, or while a run is
 * going; an empty board clears its flag. Cards added while it is disabled are placed by whoever disabled it (a
 * query's results were laid out by the server; own images land where their placeholders were): their count becomes
 * the baseline, so switching it back on does not lay them out again.
 */
export function decideAutoLayout(i: LayoutDecisionInput): LayoutDecision {
  if (i.cards === 0 && i.sections === 0) return 'clear';
  if (i.disabled && i.applied && !i.viewsOpen && !i.running) return 'record-baseline';
  if (i.viewsOpen || i.disabled || i.running) return 'skip';
  if (!i.applied) return 'run';
  if (!i.baseline) return 'record-baseline';
  if (i.cards > i.baseline.cards || i.sections > i.baseline.sections) return i.remoteGrowth ? 'record-baseline' : 'run';
  return 'record-baseline';
}
