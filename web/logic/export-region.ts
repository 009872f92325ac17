import type { Rect } from '#engine/types';

/** The cap: a PNG export is at most 16,384 px on its long side (also the 2D canvas limit in Chromium). */
export const PNG_MAX_SIDE = 16_384;
/** World units of board colour kept around what is exported, so cards do not touch the image's edge. */
export const EXPORT_MARGIN = 24;

export type PngScale = { kind: '1x' } | { kind: '2x' } | { kind: 'width'; width: number };

export function padRect(rect: Rect, margin = EXPORT_MARGIN): Rect {
  return { x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin };
}

export function unionRects(a: Rect | null, b: Rect | null): Rect | null {
  if (!a || a.width <= 0 || a.height <= 0) return b && b.width > 0 && b.height > 0 ? b : null;
  if (!b || b.width <= 0 || b.height <= 0) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** Output pixels per world unit for a choice of size. */
export function pngScale(rect: Rect, choice: PngScale): number {
  if (choice.kind === '1x') return 1;
  if (choice.kind === '2x') return 2;
  return Math.max(1, choice.width) / rect.width;
}

/** The PNG's size in pixels for a region and scale, and whether it is within the cap. */
export function pngSize(rect: Rect, scale: number): { width: number; height: number; fits: boolean } {
  const width = Math.max(1, Math.round(rect.width * scale));
  const height = Math.max(1, Math.round(rect.height * scale));
  return { width, height, fits: Math.max(width, height) <= PNG_MAX_SIDE };
}

/** Pixels read back from WebGL have their colour multiplied by alpha; a PNG stores it straight. */
export function unpremultiply(pixels: Uint8ClampedArray): void {
  for (let i = 0; i < pixels.length; i += 4) {
    const a = pixels[i + 3];
    if (a === 0 || a === 255) continue;
    const k = 255 / a;
    pixels[i] = pixels[i] * k;
    pixels[i + 1] = pixels[i + 1] * k;
    pixels[i + 2] = pixels[i + 2] * k;
  }
}
