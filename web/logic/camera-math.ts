import type { CameraView, Point } from '../../engine/types';
import { SHORTCUT_ZOOM_MAX, SHORTCUT_ZOOM_MIN, TOOLBAR_ZOOM_MAX, TOOLBAR_ZOOM_MIN, ZOOM_STEP } from '../../shared/constants';

export type ZoomRange = { min: number; max: number };
/** Spec board-workspace §2, §9: shortcuts zoom 0.2–3 in 0.1 steps. */
export const SHORTCUT_ZOOM: ZoomRange = { min: SHORTCUT_ZOOM_MIN, max: SHORTCUT_ZOOM_MAX };
/** Spec accounts §4, §9: the toolbar zooms 0.3–2 in 0.1 steps. */
export const TOOLBAR_ZOOM: ZoomRange = { min: TOOLBAR_ZOOM_MIN, max: TOOLBAR_ZOOM_MAX };

/** Rounds to one decimal so repeated 0.1 steps never drift (0.30000000000000004). */
export function roundZoom(z: number): number {
  return Math.round(z * 10) / 10;
}

/** One 0.1 step in or out, clamped to the range (spec: "+ zooms in by 0.1, up to 3"). */
export function stepZoom(zoom: number, direction: 1 | -1, range: ZoomRange): number {
  const next = roundZoom(zoom + direction * ZOOM_STEP);
  return Math.min(range.max, Math.max(range.min, next));
}

/** The view at a new zoom that keeps the world point under `anchor` (a screen point) where it is. */
export function zoomViewAround(view: CameraView, zoom: number, anchor: Point): CameraView {
  const worldX = (anchor.x - view.offset.x) / view.zoom;
  const worldY = (anchor.y - view.offset.y) / view.zoom;
  return { zoom, offset: { x: anchor.x - worldX * zoom, y: anchor.y - worldY * zoom } };
}

export function worldToScreen(view: CameraView, p: Point): Point {
  return { x: p.x * view.zoom + view.offset.x, y: p.y * view.zoom + view.offset.y };
}

export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}
