import { STORAGE_KEYS } from '#shared/constants';

/**
 * The free plan's locked sections, remembered per board so that the board is laid out again once they unlock.
 * While a section is locked its cards are not sent (spec accounts §4), so a layout made then left no room for
 * them; after an upgrade they would spill over their neighbours until Organize is pressed. Kept in local
 * storage because an upgrade through Stripe leaves the page and comes back.
 */
type LockedByBoard = Record<string, number[]>;

function read(storage: Storage): LockedByBoard {
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEYS.lockedSectionsByBoard) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as LockedByBoard) : {};
  } catch {
    return {};
  }
}

export function lockedSectionsSeen(boardId: number, storage: Storage = localStorage): number[] {
  const ids = read(storage)[String(boardId)];
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}

export function rememberLockedSections(boardId: number, ids: readonly number[], storage: Storage = localStorage): void {
  const all = read(storage);
  if (ids.length === 0) delete all[String(boardId)];
  else all[String(boardId)] = [...ids];
  try {
    storage.setItem(STORAGE_KEYS.lockedSectionsByBoard, JSON.stringify(all));
  } catch {
    // blocked storage: an unlock then needs Organize Cards, as before
  }
}

/**
 * Whether a board needs laying out because sections that were locked are now open: some section remembered as
 * locked is still on the board and no longer locked.
 */
export function unlockedSince(
  previouslyLocked: readonly number[],
  sections: readonly { id: number; locked?: boolean }[],
): boolean {
  if (previouslyLocked.length === 0) return false;
  const was = new Set(previouslyLocked);
  return sections.some((s) => was.has(s.id) && !s.locked);
}
