/**
 * Levels of detail by the card's size on screen ("A readable overview"): the full card with its text
 * while its description can still be read, a thumbnail (image and a large title) below that, real thumbnails at
 * rest down to a card about 24 px wide, and flat blocks only below. Each level says how a card is drawn (baked
 * full card, baked thumbnail, or a flat block in dot mode), at what scale its texture is baked, and which image
 * width it asks the storage route for (96 / 320 px variants; the full image only when zoomed in far enough).
 * Low-spec mode is coarser: blocks below a 48 px card, one thumbnail size, no 2× bakes.
 */
import { CARD_WIDTH_HORIZONTAL } from '#shared/constants';
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
  thumb: { level: 'thumb', detail: 'thumb', bakeScale: 0.55, imageWidth: 320 },
  full: { level: 'full', detail: 'full', bakeScale: 1, imageWidth: 320 },
  'full-2x': { level: 'full-2x', detail: 'full', bakeScale: 2, imageWidth: 0 },
};

/** On-screen width of a (horizontal) card, in CSS pixels, below which each level gives way to the next. */
export const LOD_CARD_PX = {
  /** Below it a card is a flat block: a thumbnail would not show anything. */
  dot: 24,
  /** The 96 px image variant and a small bake up to here. */
  thumbSmall: 102,
  /** Thumbnails up to here; above, the full card (its 12 px description reads at ≥ 6.6 px). */
  full: 187,
  /** Above it full cards are baked at twice the scale, with the full image. */
  full2x: 476,
} as const;
/**
 * Low-spec mode (what it changes is said in the UI): flat blocks below a 48 px card, no 2× bakes.
 * Blocks began at 100 px, so Zoom to Fit on a small board (24%, 82 px cards) showed nothing but colour;
 * thumbnails are baked at rest only on a slow machine, so the overview costs bakes once, not frame time while
 * moving (bench:overview).
 */
export const LOD_CARD_PX_LOW_SPEC = { dot: 48, full: 237 } as const;

/** How wide a card is on screen at this zoom, in CSS pixels. */
export function cardScreenWidth(zoom: number): number {
  return CARD_WIDTH_HORIZONTAL * zoom;
}

/** Dot mode below this zoom (a card under 24 px); low-spec switches much earlier. */
export const DOT_ZOOM = LOD_CARD_PX.dot / CARD_WIDTH_HORIZONTAL;
export const DOT_ZOOM_LOW_SPEC = LOD_CARD_PX_LOW_SPEC.dot / CARD_WIDTH_HORIZONTAL;

/**
 * The level for a zoom, by the size a card then has on screen. Low-spec is coarser: dot mode sooner, one
 * thumbnail size, no 2× bakes.
 * @example selectLod(1, false) // 'full'
 */
export function selectLod(zoom: number, lowSpec: boolean): LodLevel {
  const px = cardScreenWidth(zoom);
  if (lowSpec) {
    if (px < LOD_CARD_PX_LOW_SPEC.dot) return 'dot';
    if (px < LOD_CARD_PX_LOW_SPEC.full) return 'thumb-small';
    return 'full';
  }
  if (px < LOD_CARD_PX.dot) return 'dot';
  if (px < LOD_CARD_PX.thumbSmall) return 'thumb-small';
  if (px < LOD_CARD_PX.full) return 'thumb';
  if (px < LOD_CARD_PX.full2x) return 'full';
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
export function bakePixelSize(
  spec: LodSpec,
  width: number,
  height: number,
  resolution: number,
): { width: number; height: number } {
  const s = spec.bakeScale * resolution;
  return { width: Math.max(1, Math.ceil(width * s)), height: Math.max(1, Math.ceil(height * s)) };
}

/** Largest width an image is decoded at for a level (the full image is capped at twice the gallery width). */
export function decodeWidthCap(spec: LodSpec, galleryWidth: number, resolution: number): number {
  if (spec.imageWidth === null) return 0;
  if (spec.imageWidth === 0) return Math.ceil(galleryWidth * spec.bakeScale * resolution);
  return spec.imageWidth;
}
