import type { CameraView } from '#engine/types';
import { STORAGE_KEYS } from '#shared/constants';

/**
 * Per-board camera views kept in local storage under 'boardViewState' (spec accounts §3, §4): zoom and offset,
 * written 0.5 s after the view settles and read back when the board is opened again.
 */
type Stored = Record<string, CameraView>;

function isView(v: unknown): v is CameraView {
  if (!v || typeof v !== 'object') return false;
  const o = v as CameraView;
  return (
    typeof o.zoom === 'number' &&
    Number.isFinite(o.zoom) &&
    o.zoom > 0 &&
    !!o.offset &&
    Number.isFinite(o.offset.x) &&
    Number.isFinite(o.offset.y)
  );
}

function readAll(storage: Storage): Stored {
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEYS.boardViewState) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

export function loadBoardView(boardId: number, storage: Storage = localStorage): CameraView | null {
  const view = readAll(storage)[String(boardId)];
  return isView(view) ? view : null;
}

export function saveBoardView(boardId: number, view: CameraView, storage: Storage = localStorage): void {
  const all = readAll(storage);
  all[String(boardId)] = { zoom: view.zoom, offset: { x: view.offset.x, y: view.offset.y } };
  try {
    storage.setItem(STORAGE_KEYS.boardViewState, JSON.stringify(all));
  } catch {
    // storage full or blocked: the view simply is not remembered
  }
}
