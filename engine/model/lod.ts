/**
 * Levels of detail by on-screen size. Spec (accounts §4): below zoom 0.7 the board is low-detail, above it
 * zoomed-in. Each level says how a card is drawn (baked full card, baked thumbnail, or a flat block in dot mode),
 * at what scale its texture is baked, and which image width it asks the storage route for (96 / 320 px
 * variants; the full image only when zoomed in far enough to need it).
 */
import { DETAIL_ZOOM_THRESHOLD } from '../../shared/constants';
import type { CardDetail } from './card-layout';

export type LodLevel = 'dot' | 'thumb-small' | 'thumb' | 'full' | 'full-2x';

export type LodSpec = {
  level: LodLevel;
  /** null in dot mode: cards are flat tinted blocks, no texture. */
  detail: CardDetail | null;
  /** Texture pixels per world unit of a baked card (times the renderer's resolution). */
  bakeScale: number;
  /** Image width to request: a storage variant, 0 for the full image, null for none. */
  imageWidth: 96 | 320 | 0 | null;
};

export const LOD_SPECS: Record<LodLevel, LodSpec> = {
  dot: { level: 'dot', detail: null, bakeScale: 0, imageWidth: null },
  'thumb-small': { level: 'thumb-small', detail: 'thumb', bakeScale: 0.3, imageWidth: 96 },
  thumb: { level: 'thumb', detail: 'thumb', bakeScale: 0.6, imageWidth: 320 },
  full: { level: 'full', detail: 'full', bakeScale: 1, imageWidth: 320 },
  'full-2x': { level: 'full-2x', detail: 'full', bakeScale: 2, imageWidth: 0 },
};

/** Dot mode below this zoom ("below about 0.25"); low-spec switches earlier. */
export const DOT_ZOOM = 0.25;
export const DOT_ZOOM_LOW_SPEC = 0.35;
const THUMB_SMALL_MAX = 0.45;
const FULL_2X_MIN = 1.4;

/**
 * The level for a zoom. Low-spec is coarser: dot mode sooner, one thumbnail size, no 2× bakes.
 * @example selectLod(1, false) // 'full'
 */
export function selectLod(zoom: number, lowSpec: boolean): LodLevel {
  if (lowSpec) {
    if (zoom < DOT_ZOOM_LOW_SPEC) return 'dot';
    if (zoom < DETAIL_ZOOM_THRESHOLD) return 'thumb-small';
    return 'full';
  }
  if (zoom < DOT_ZOOM) return 'dot';
  if (zoom < THUMB_SMALL_MAX) return 'thumb-small';
  if (zoom < DETAIL_ZOOM_THRESHOLD) return 'thumb';
  if (zoom < FULL_2X_MIN) return 'full';
  return 'full-2x';
}

/**
 * Whether a card that has no texture yet is baked while the camera moves. A slow machine (software rasteriser,
 * a GPU measured slow, low-spec mode) spends a frame on a few bakes, so while zoomed out to thumbnails its new
 * cards stay flat blocks until the camera rests; full cards are worth it — one is most of the screen.
 * @example bakesWhileMoving('thumb', true) // false
 */
export function bakesWhileMoving(level: LodLevel, slowMachine: boolean): boolean {
  const detail = LOD_SPECS[level].detail;
  if (detail === null) return false;
  return !slowMachine || detail === 'full';
}

/** Bake size in texture pixels for a card of `width × height` world units at this level. */
export function bakePixelSize(spec: LodSpec, width: number, height: number, resolution: number): { width: number; height: number } {
  const s = spec.bakeScale * resolution;
  return { width: Math.max(1, Math.ceil(width * s)), height: Math.max(1, Math.ceil(height * s)) };
}

/** Largest width an image is decoded at for a level (the full image is capped at twice the gallery width). */
export function decodeWidthCap(spec: LodSpec, galleryWidth: number, resolution: number): number {
  if (spec.imageWidth === null) return 0;
  if (spec.imageWidth === 0) return Math.ceil(galleryWidth * spec.bakeScale * resolution);
  return spec.imageWidth;
}
