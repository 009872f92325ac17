/**
 * Camera math over plain values (screen = world * zoom + offset). No Pixi: the render layer copies the result
 * into one transform. Spec (accounts §4): wheel zoom 0.1–3, anchored on the pointer; reset = zoom 1, offset 0,0.
 * Zoom to Fit alone may go lower, down to ZOOM_MIN_FIT, to frame a whole large board.
 */
import { ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN, ZOOM_MIN_FIT } from '#shared/constants';
import type { CameraView, Point, Rect, Size } from '../types';

export const DEFAULT_VIEW: CameraView = { zoom: ZOOM_DEFAULT, offset: { x: 0, y: 0 } };

export function clampZoom(zoom: number, min = ZOOM_MIN, max = ZOOM_MAX): number {
  if (!Number.isFinite(zoom)) return ZOOM_DEFAULT;
  return Math.min(max, Math.max(min, zoom));
}

export function worldToScreen(view: CameraView, p: Point): Point {
  return { x: p.x * view.zoom + view.offset.x, y: p.y * view.zoom + view.offset.y };
}

export function screenToWorld(view: CameraView, p: Point): Point {
  return { x: (p.x - view.offset.x) / view.zoom, y: (p.y - view.offset.y) / view.zoom };
}

/**
 * Zooms by `factor` keeping the world point under `anchor` (a screen point) where it is.
 * @example zoomAround({zoom: 1, offset: {x: 0, y: 0}}, 1.1, {x: 100, y: 50}) // world (100,50) stays at (100,50)
 */
export function zoomAround(
  view: CameraView,
  factor: number,
  anchor: Point,
  min = ZOOM_MIN,
  max = ZOOM_MAX,
): CameraView {
  const zoom = clampZoom(view.zoom * factor, min, max);
  if (zoom === view.zoom) return view;
  const world = screenToWorld(view, anchor);
  return { zoom, offset: { x: anchor.x - world.x * zoom, y: anchor.y - world.y * zoom } };
}

/** Sets an absolute zoom around a screen anchor (toolbar and shortcut zoom use the viewport centre). */
export function zoomToAround(view: CameraView, zoom: number, anchor: Point): CameraView {
  // Not through zoomAround's factor: zoom / view.zoom * view.zoom can come back as 0.30000000000000004.
  const next = clampZoom(zoom, ZOOM_MIN_FIT);
  if (next === view.zoom) return view;
  const world = screenToWorld(view, anchor);
  return { zoom: next, offset: { x: anchor.x - world.x * next, y: anchor.y - world.y * next } };
}

export function panBy(view: CameraView, dx: number, dy: number): CameraView {
  return { zoom: view.zoom, offset: { x: view.offset.x + dx, y: view.offset.y + dy } };
}

/** The world rectangle the viewport shows. */
export function visibleWorldRect(view: CameraView, viewport: Size): Rect {
  return {
    x: -view.offset.x / view.zoom,
    y: -view.offset.y / view.zoom,
    width: viewport.width / view.zoom,
    height: viewport.height / view.zoom,
  };
}

/** The view that puts `point` (world) at the centre of the viewport at `zoom`. */
export function centerOn(point: Point, zoom: number, viewport: Size): CameraView {
  const z = clampZoom(zoom, ZOOM_MIN_FIT);
  return { zoom: z, offset: { x: viewport.width / 2 - point.x * z, y: viewport.height / 2 - point.y * z } };
}

/**
 * The view that fits `rect` inside the viewport with `padding` screen pixels around it, below the wheel's 0.1
 * when the rectangle needs it (Fit shows the whole board).
 */
export function fitRect(rect: Rect, viewport: Size, padding = 40, min = ZOOM_MIN_FIT, max = 1): CameraView {
  const w = Math.max(1, viewport.width - padding * 2);
  const h = Math.max(1, viewport.height - padding * 2);
  const zoom = clampZoom(Math.min(w / Math.max(rect.width, 1), h / Math.max(rect.height, 1)), min, max);
  return centerOn({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }, zoom, viewport);
}

export type Insets = { top: number; right: number; bottom: number; left: number };

/**
 * The smallest pan that brings `rect` (world) into the viewport inside `insets` (screen pixels kept clear, e.g.
 * under floating chrome), at the same zoom: the view as it is when the rectangle is in view already, centred on
 * it when it is larger than the room (a card moved through the context menu left the view).
 * @example revealRect({ zoom: 1, offset: { x: 0, y: 0 } }, { x: 1500, y: 100, width: 340, height: 280 }, { width: 1200, height: 900 }, { top: 0, right: 20, bottom: 0, left: 0 }).offset // { x: -660, y: 0 }
 */
export function revealRect(view: CameraView, rect: Rect, viewport: Size, insets: Insets): CameraView {
  const axis = (start: number, length: number, offset: number, low: number, high: number): number => {
    const a = start * view.zoom + offset;
    const b = (start + length) * view.zoom + offset;
    if (b - a > high - low) return offset + (low + high) / 2 - (a + b) / 2;
    if (a < low) return offset + low - a;
    if (b > high) return offset + high - b;
    return offset;
  };
  const x = axis(rect.x, rect.width, view.offset.x, insets.left, viewport.width - insets.right);
  const y = axis(rect.y, rect.height, view.offset.y, insets.top, viewport.height - insets.bottom);
  return x === view.offset.x && y === view.offset.y ? view : { zoom: view.zoom, offset: { x, y } };
}

/**
 * The wheel's (and a pinch's) zoom: within 0.1–3, except that a view Fit left below 0.1 may zoom in from there
 * (and no further out).
 */
export function wheelZoom(view: CameraView, factor: number, anchor: Point): CameraView {
  return zoomAround(view, factor, anchor, Math.min(ZOOM_MIN, view.zoom));
}

export function normalizeView(view: CameraView): CameraView {
  const ok = (n: number) => Number.isFinite(n);
  return {
    zoom: clampZoom(view.zoom, ZOOM_MIN_FIT),
    offset: { x: ok(view.offset.x) ? view.offset.x : 0, y: ok(view.offset.y) ? view.offset.y : 0 },
  };
}

export function viewsEqual(a: CameraView, b: CameraView): boolean {
  return a.zoom === b.zoom && a.offset.x === b.offset.x && a.offset.y === b.offset.y;
}
