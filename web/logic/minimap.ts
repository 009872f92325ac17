import type { CameraView, Point, Rect } from '#engine/types';

export type MinimapItem = { x: number; y: number; width: number; height: number };
export type MinimapTransform = { scale: number; offsetX: number; offsetY: number; bounds: Rect };

/** The world rectangle holding every item and the current viewport, padded a little. */
export function worldBounds(items: readonly MinimapItem[], viewport: Rect | null, padding = 100): Rect {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (r: MinimapItem) => {
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.width);
    maxY = Math.max(maxY, r.y + r.height);
  };
  for (const item of items) add(item);
  if (viewport) add(viewport);
  if (!Number.isFinite(minX)) return { x: 0, y: 0, width: 1000, height: 1000 };
  return { x: minX - padding, y: minY - padding, width: maxX - minX + 2 * padding, height: maxY - minY + 2 * padding };
}

/** Fits the world bounds into a minimap of the given size, centred. */
export function fitTransform(bounds: Rect, width: number, height: number): MinimapTransform {
  const scale = Math.min(width / bounds.width, height / bounds.height);
  return {
    scale,
    offsetX: (width - bounds.width * scale) / 2 - bounds.x * scale,
    offsetY: (height - bounds.height * scale) / 2 - bounds.y * scale,
    bounds,
  };
}

export function toMinimap(t: MinimapTransform, p: Point): Point {
  return { x: p.x * t.scale + t.offsetX, y: p.y * t.scale + t.offsetY };
}

export function fromMinimap(t: MinimapTransform, p: Point): Point {
  return { x: (p.x - t.offsetX) / t.scale, y: (p.y - t.offsetY) / t.scale };
}

/** The world rectangle the camera shows on a canvas of the given screen size. */
export function viewportWorldRect(view: CameraView, screenWidth: number, screenHeight: number): Rect {
  return {
    x: -view.offset.x / view.zoom,
    y: -view.offset.y / view.zoom,
    width: screenWidth / view.zoom,
    height: screenHeight / view.zoom,
  };
}

/** The camera offset that centres the given world point on a screen of the given size at the current zoom. */
export function viewCenteredOn(view: CameraView, world: Point, screenWidth: number, screenHeight: number): CameraView {
  return {
    zoom: view.zoom,
    offset: { x: screenWidth / 2 - world.x * view.zoom, y: screenHeight / 2 - world.y * view.zoom },
  };
}
