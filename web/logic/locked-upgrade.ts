import { worldToScreen } from '#engine/model/camera';
import { upgradeButtonRect } from '#engine/model/section-layout';
import type { CameraView, EngineSection, Point, Rect } from '#engine/types';

/**
 * Where the engine draws a locked section's 'Upgrade Plan to Unlock' button, in canvas pixels under `view`:
 * the DOM button keyboard and screen-reader users reach sits exactly there.
 * @example upgradeButtonScreenRect({ ...offers, position: { x: 100, y: 200 }, size: { width: 620, height: 500 } }, { zoom: 0.5, offset: { x: 10, y: -20 } })
 * // → { x: 160, y: 295, width: 110, height: 20 }
 */
export function upgradeButtonScreenRect(section: EngineSection, view: CameraView): Rect {
  const local = upgradeButtonRect(section);
  const topLeft = worldToScreen(view, { x: section.position.x + local.x, y: section.position.y + local.y });
  return { x: topLeft.x, y: topLeft.y, width: local.width * view.zoom, height: local.height * view.zoom };
}

/** The world point at the centre of that button: where the camera goes when the button gets focus off screen. */
export function upgradeButtonCentre(section: EngineSection): Point {
  const local = upgradeButtonRect(section);
  return { x: section.position.x + local.x + local.width / 2, y: section.position.y + local.y + local.height / 2 };
}

/** True when all of `rect` is inside a canvas of `size` (canvas pixels). */
export function rectInside(rect: Rect, size: { width: number; height: number }): boolean {
  return rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= size.width && rect.y + rect.height <= size.height;
}
