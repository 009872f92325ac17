/**
 * Parts of a section in section-local world units: the title bar (drag to move, click to rename), the resize
 * handle (bottom-right, a constant size on screen), and for a free-plan locked section the dashed placeholder's
 * empty card slots and upgrade button (spec accounts §4 and §9: slots 200 × 280, gap 90, padding 30).
 */
import { LOCKED_SLOT_GAP, LOCKED_SLOT_HEIGHT, LOCKED_SLOT_PADDING, LOCKED_SLOT_WIDTH } from '#shared/constants';
import type { EngineSection, Point, Rect } from '../types';
import { rectContainsPoint } from './rect';

/** Height of the title bar (the shared auto-layout leaves the same room above a section's cards). */
export const SECTION_HEADER_HEIGHT = 40;
export const SECTION_TITLE_FONT_SIZE = 18;
export const SECTION_RADIUS = 16;
/** Resize handle size in screen pixels, whatever the zoom. */
export const RESIZE_HANDLE_SCREEN_PX = 16;
export const MIN_SECTION_SIZE = { width: 200, height: 100 };

export type SectionPart = 'title' | 'resize' | 'upgrade' | 'body';

export function sectionRect(s: EngineSection): Rect {
  return { x: s.position.x, y: s.position.y, width: s.size.width, height: s.size.height };
}

export function upgradeButtonRect(s: EngineSection): Rect {
  const width = 220;
  const height = 40;
  return { x: (s.size.width - width) / 2, y: s.size.height - LOCKED_SLOT_PADDING - height, width, height };
}

/** A slot shorter than this is not drawn: it would read as a line, not as a card. */
const MIN_SLOT_HEIGHT = 60;

/**
 * The empty card slots of a locked placeholder (spec accounts §9: 200 × 280, gap 90, padding 30), in as many
 * rows and columns as the section's real size holds between its title bar and its upgrade button (* never across the button). A section too short for a full row gets shorter slots, and none below 60.
 */
export function lockedSlotRects(s: EngineSection): Rect[] {
  const usable = s.size.width - LOCKED_SLOT_PADDING * 2;
  const columns = Math.floor((usable + LOCKED_SLOT_GAP) / (LOCKED_SLOT_WIDTH + LOCKED_SLOT_GAP));
  if (columns < 1) return [];
  const top = SECTION_HEADER_HEIGHT + LOCKED_SLOT_PADDING;
  const bottom = upgradeButtonRect(s).y - LOCKED_SLOT_PADDING;
  const room = bottom - top;
  if (room < MIN_SLOT_HEIGHT) return [];
  const rows = Math.max(1, Math.floor((room + LOCKED_SLOT_GAP) / (LOCKED_SLOT_HEIGHT + LOCKED_SLOT_GAP)));
  const height = Math.min(LOCKED_SLOT_HEIGHT, room);
  const rowWidth = columns * LOCKED_SLOT_WIDTH + (columns - 1) * LOCKED_SLOT_GAP;
  const x0 = (s.size.width - rowWidth) / 2;
  const slots: Rect[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      slots.push({
        x: x0 + c * (LOCKED_SLOT_WIDTH + LOCKED_SLOT_GAP),
        y: top + r * (LOCKED_SLOT_HEIGHT + LOCKED_SLOT_GAP),
        width: LOCKED_SLOT_WIDTH,
        height,
      });
    }
  }
  return slots;
}

/** Which part of the section a world point falls on, or null outside it. */
export function sectionPartAt(s: EngineSection, world: Point, zoom: number): SectionPart | null {
  const local = { x: world.x - s.position.x, y: world.y - s.position.y };
  if (!rectContainsPoint({ x: 0, y: 0, width: s.size.width, height: s.size.height }, local)) return null;
  if (s.locked) return rectContainsPoint(upgradeButtonRect(s), local) ? 'upgrade' : 'body';
  const handle = RESIZE_HANDLE_SCREEN_PX / zoom;
  if (local.x >= s.size.width - handle && local.y >= s.size.height - handle) return 'resize';
  if (local.y < SECTION_HEADER_HEIGHT) return 'title';
  return 'body';
}
