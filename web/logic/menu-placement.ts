export type Box = { left: number; top: number; width: number; height: number };
export type Size = { width: number; height: number };

/** Space kept between a menu and the window's edges, and between a menu and its trigger. */
export const MENU_MARGIN_PX = 8;

/**
 * Where a menu opened from `trigger` goes, in window coordinates, so that all of it shows (* the user menu at the foot of a collapsed 60 px sidebar was cut off). Above the trigger when it fits there (a
 * trigger at the foot of the window), else below, else pinned to the window's top; left-aligned with the trigger
 * and pushed back inside the window on the right.
 * @example placeMenu({ left: 8, top: 850, width: 44, height: 36 }, { width: 180, height: 160 }, { width: 1400, height: 900 })
 * // → { left: 8, top: 682 }
 */
export function placeMenu(
  trigger: Box,
  menu: Size,
  window: Size,
  margin = MENU_MARGIN_PX,
): { left: number; top: number } {
  const above = trigger.top - margin - menu.height;
  const below = trigger.top + trigger.height + margin;
  const top = above >= margin ? above : below + menu.height <= window.height - margin ? below : margin;
  const left = Math.max(margin, Math.min(trigger.left, window.width - margin - menu.width));
  return { left, top };
}
