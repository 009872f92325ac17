import type { CameraView } from '#engine/types';
import {
  LAYOUT_START_Y,
  SHORTCUT_ZOOM_MAX,
  SHORTCUT_ZOOM_MIN,
  TOOLBAR_ZOOM_MAX,
  TOOLBAR_ZOOM_MIN,
  ZOOM_DEFAULT,
  ZOOM_STEP,
} from '#shared/constants';

export type ZoomRange = { min: number; max: number };
/** Spec board-workspace §2, §9: shortcuts zoom 0.2–3 in 0.1 steps. */
export const SHORTCUT_ZOOM: ZoomRange = { min: SHORTCUT_ZOOM_MIN, max: SHORTCUT_ZOOM_MAX };
/** Spec accounts §4, §9: the toolbar zooms 0.3–2 in 0.1 steps. */
export const TOOLBAR_ZOOM: ZoomRange = { min: TOOLBAR_ZOOM_MIN, max: TOOLBAR_ZOOM_MAX };

/** Rounds to one decimal so repeated 0.1 steps never drift (0.30000000000000004). */
export function roundZoom(z: number): number {
  return Math.round(z * 10) / 10;
}

/**
 * One 0.1 step in or out, clamped to the range (spec: "+ zooms in by 0.1, up to 3"). A step out never zooms in
 * and a step in never zooms out: from below the range (the wheel, or Fit on a large board, went lower) a step out
 * stays where it is.
 */
export function stepZoom(zoom: number, direction: 1 | -1, range: ZoomRange): number {
  const next = Math.min(range.max, Math.max(range.min, roundZoom(roundZoom(zoom) + direction * ZOOM_STEP)));
  return direction < 0 ? Math.min(zoom, next) : Math.max(zoom, next);
}

/** The zoom as the toolbar shows it: whole percents, tenths below 10% (Fit on a large board goes there). */
export function zoomPercent(zoom: number): string {
  const percent = zoom * 100;
  if (percent >= 9.95) return `${Math.round(percent)}%`;
  if (percent >= 0.1) return `${Math.round(percent * 10) / 10}%`;
  return '<0.1%';
}

/** Room the floating chrome (toolbar, compact search bar) takes at the top of the canvas, in screen pixels. */
export const VIEW_TOP_CLEARANCE_PX = 160;
/** Reset View's camera: zoom 1 at the board's origin, its first row (y = 50) below the floating chrome. */
export const RESET_VIEW: CameraView = {
  zoom: ZOOM_DEFAULT,
  offset: { x: 0, y: VIEW_TOP_CLEARANCE_PX - LAYOUT_START_Y },
};
/** Below this zoom a framed section is not readable: the view shows its top-left part at this zoom instead. */
export const FRAME_MIN_ZOOM = 0.5;
const FRAME_PADDING_PX = 32;

/**
 * The view that shows `rect` (world units) in the canvas below the floating chrome ("A first view that
 * shows the results"): fitted and centred at zoom ≤ 1; when fitting would make it unreadable, at FRAME_MIN_ZOOM
 * with its top-left corner in view instead.
 * @example frameView({ x: 0, y: 50, width: 760, height: 370 }, { width: 1160, height: 900 }) // zoom 1, clear of the chrome
 */
export function frameView(
  rect: { x: number; y: number; width: number; height: number },
  canvas: { width: number; height: number },
  topInset = VIEW_TOP_CLEARANCE_PX,
): CameraView {
  const areaW = Math.max(1, canvas.width - FRAME_PADDING_PX * 2);
  const areaH = Math.max(1, canvas.height - topInset - FRAME_PADDING_PX);
  const fit = Math.min(1, areaW / Math.max(1, rect.width), areaH / Math.max(1, rect.height));
  if (fit < FRAME_MIN_ZOOM) {
    const zoom = FRAME_MIN_ZOOM;
    return { zoom, offset: { x: FRAME_PADDING_PX - rect.x * zoom, y: topInset - rect.y * zoom } };
  }
  const zoom = fit;
  const cx = FRAME_PADDING_PX + areaW / 2;
  const cy = topInset + areaH / 2;
  return {
    zoom,
    offset: {
      x: cx - (rect.x + rect.width / 2) * zoom,
      y: Math.min(cy - (rect.y + rect.height / 2) * zoom, topInset - rect.y * zoom),
    },
  };
}
