/**
 * Parts of a section in section-local world units: the title bar (drag to move, click to rename), the resize
 * handle (bottom-right, a constant size on screen), and for a free-plan locked section the dashed placeholder's
 * empty card slots and upgrade button (spec accounts §4 and §9: slots 200 × 280, gap 90, padding 30).
 */
import { LOCKED_SLOT_GAP, LOCKED_SLOT_HEIGHT, LOCKED_SLOT_PADDING, LOCKED_SLOT_WIDTH } from '../../shared/constants';
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

/** The empty card slots of a locked placeholder, as many as fit in one row. */
export function lockedSlotRects(s: EngineSection): Rect[] {
  const usable = s.size.width - LOCKED_SLOT_PADDING * 2;
  const count = Math.max(1, Math.floor((usable + LOCKED_SLOT_GAP) / (LOCKED_SLOT_WIDTH + LOCKED_SLOT_GAP)));
  const height = Math.min(LOCKED_SLOT_HEIGHT, Math.max(40, s.size.height - SECTION_HEADER_HEIGHT - LOCKED_SLOT_PADDING * 2 - 50));
  const rowWidth = count * LOCKED_SLOT_WIDTH + (count - 1) * LOCKED_SLOT_GAP;
  const x0 = (s.size.width - rowWidth) / 2;
  return Array.from({ length: count }, (_, i) => ({
    x: x0 + i * (LOCKED_SLOT_WIDTH + LOCKED_SLOT_GAP),
    y: SECTION_HEADER_HEIGHT + LOCKED_SLOT_PADDING / 2,
    width: LOCKED_SLOT_WIDTH,
    height,
  }));
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
