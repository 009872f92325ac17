/**
 * A section resized by its corner handle never grows over what lies next to it: the size the
 * pointer asks for is cut back, right or down, at the first section or card in its way, a small gap short of it.
 * Whatever the section already overlapped when the resize began (a card lying in it, an old overlap) is left out
 * of the check, so a resize never locks up on it. Pure: the gesture asks it on every pointer move.
 */
import type { Rect, Size } from '../types';
import { rectsIntersect } from './rect';

/** World units kept free between a resized section and what stopped it. */
export const RESIZE_CLEARANCE = 20;

/**
 * The size `start` (the section as the resize began) may take on the way to `wanted` without covering any of
 * `obstacles`, at least `min`: only growth is given up, never below the size the section began with.
 * @example clampSectionResize({ x: 0, y: 0, width: 400, height: 300 }, { width: 900, height: 300 }, { width: 200, height: 100 }, [{ x: 460, y: 0, width: 400, height: 300 }]) // { width: 440, height: 300 }
 */
export function clampSectionResize(start: Rect, wanted: Size, min: Size, obstacles: readonly Rect[]): Size {
  let width = Math.max(min.width, wanted.width);
  let height = Math.max(min.height, wanted.height);
  const blockers = obstacles.filter((o) => !rectsIntersect(o, start));
  // Each cut makes the rectangle smaller and settles one blocker for good, so one pass per blocker is enough.
  for (let pass = 0; pass <= blockers.length; pass++) {
    let cut = false;
    for (const o of blockers) {
      if (!rectsIntersect({ x: start.x, y: start.y, width, height }, o)) continue;
      const limitWidth = o.x >= start.x + start.width ? limit(o.x - start.x, start.width) : null;
      const limitHeight = o.y >= start.y + start.height ? limit(o.y - start.y, start.height) : null;
      // Of the two ways out, the one that keeps more of the area asked for.
      const byWidth = limitWidth === null ? -1 : Math.min(width, limitWidth) * height;
      const byHeight = limitHeight === null ? -1 : width * Math.min(height, limitHeight);
      if (byWidth < 0 && byHeight < 0) continue;
      if (byWidth >= byHeight) width = Math.min(width, limitWidth!);
      else height = Math.min(height, limitHeight!);
      cut = true;
    }
    if (!cut) break;
  }
  return { width, height };
}

/** How far the section may reach toward an edge `room` away: the clearance short of it, never below where it began. */
function limit(room: number, began: number): number {
  return Math.max(Math.min(room, began), room - RESIZE_CLEARANCE);
}
