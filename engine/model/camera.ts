/**
 * Camera math over plain values (screen = world * zoom + offset). No Pixi: the render layer copies the result
 * into one transform. Spec (accounts §4): wheel zoom 0.1–3, anchored on the pointer; reset = zoom 1, offset 0,0.
 */
import { ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN } from '#shared/constants';
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
export function zoomAround(view: CameraView, factor: number, anchor: Point, min = ZOOM_MIN, max = ZOOM_MAX): CameraView {
  const zoom = clampZoom(view.zoom * factor, min, max);
  if (zoom === view.zoom) return view;
  const world = screenToWorld(view, anchor);
  return { zoom, offset: { x: anchor.x - world.x * zoom, y: anchor.y - world.y * zoom } };
}

/** Sets an absolute zoom around a screen anchor (toolbar and shortcut zoom use the viewport centre). */
export function zoomToAround(view: CameraView, zoom: number, anchor: Point): CameraView {
  // Not through zoomAround's factor: zoom / view.zoom * view.zoom can come back as 0.30000000000000004.
  const next = clampZoom(zoom);
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
  const z = clampZoom(zoom);
  return { zoom: z, offset: { x: viewport.width / 2 - point.x * z, y: viewport.height / 2 - point.y * z } };
}

/** The view that fits `rect` inside the viewport with `padding` screen pixels around it. */
export function fitRect(rect: Rect, viewport: Size, padding = 40, min = ZOOM_MIN, max = 1): CameraView {
  const w = Math.max(1, viewport.width - padding * 2);
  const h = Math.max(1, viewport.height - padding * 2);
  const zoom = clampZoom(Math.min(w / Math.max(rect.width, 1), h / Math.max(rect.height, 1)), min, max);
  return centerOn({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }, zoom, viewport);
}

export function normaliseView(view: CameraView): CameraView {
  const ok = (n: number) => Number.isFinite(n);
  return {
    zoom: clampZoom(view.zoom),
    offset: { x: ok(view.offset.x) ? view.offset.x : 0, y: ok(view.offset.y) ? view.offset.y : 0 },
  };
}

export function viewsEqual(a: CameraView, b: CameraView): boolean {
  return a.zoom === b.zoom && a.offset.x === b.offset.x && a.offset.y === b.offset.y;
}
