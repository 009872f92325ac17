import { isTextField } from './text-fields';

export type ShortcutAction =
  | 'resetView'
  | 'toggleSidebar'
  | 'zoomReset'
  | 'zoomIn'
  | 'zoomOut'
  | 'escape'
  | 'undo'
  | 'redo'
  | 'find'
  | 'deleteSelection'
  | 'zoomToFit';

export type KeyLike = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
};

/**
 * The board screen's keys (spec board-workspace §2, accounts §2): r, b, 0, + / =, - / _, Escape, only outside
 * text fields; plus undo / redo (Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z, Ctrl+Y), find (Ctrl/Cmd+F), Delete for a
 * selection and f for zoom to fit. Find works from anywhere (it replaces the browser's own find on the board).
 */
export function shortcutFor(e: KeyLike): ShortcutAction | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && !e.altKey && key === 'f') return 'find';
  if (isTextField(e.target)) return null;
  if (mod && !e.altKey) {
    if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    return null;
  }
  if (e.altKey) return null;
  switch (key) {
    case 'r':
      return 'resetView';
    case 'b':
      return 'toggleSidebar';
    case '0':
      return 'zoomReset';
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
    case '_':
      return 'zoomOut';
    case 'f':
      return 'zoomToFit';
    case 'Escape':
      return 'escape';
    case 'Delete':
    case 'Backspace':
      return 'deleteSelection';
    default:
      return null;
  }
}
