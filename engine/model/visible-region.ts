/**
 * Decides when the set of card views must be rebuilt: only when the viewport leaves the region the last set was
 * built for, the level of detail changes, or the viewport shrank so much that most views are off screen. Panning
 * inside the margin changes one transform and nothing else.
 */
import { VIRTUALISATION_MARGIN } from '#shared/constants';
import type { Rect } from '../types';
import type { LodLevel } from './lod';
import { expandRect, rectContainsRect } from './rect';

export type VisibleRegionOptions = {
  /** Margin as a fraction of the viewport's world size on each side. */
  marginFraction: number;
  /** Cap on the margin in world units (spec accounts §9: virtualisation margin 800 units). */
  maxMargin: number;
  /** Rebuild when the viewport area falls below this fraction of the area it was built for. */
  shrinkFraction: number;
};

export const DEFAULT_VISIBLE_REGION: VisibleRegionOptions = {
  marginFraction: 0.25,
  maxMargin: VIRTUALISATION_MARGIN,
  shrinkFraction: 0.35,
};

export class VisibleRegion {
  private built: { query: Rect; inner: Rect; area: number; lod: LodLevel; holdsAll: boolean } | null = null;

  constructor(private readonly options: VisibleRegionOptions = DEFAULT_VISIBLE_REGION) {}

  /** The world rectangle to query for a viewport: the viewport plus its margin. */
  queryRect(viewport: Rect): Rect {
    const mx = Math.min(this.options.maxMargin, viewport.width * this.options.marginFraction);
    const my = Math.min(this.options.maxMargin, viewport.height * this.options.marginFraction);
    return expandRect(viewport, mx, my);
  }

  needsRebuild(viewport: Rect, lod: LodLevel): boolean {
    const b = this.built;
    if (!b || b.lod !== lod) return true;
    // A set that holds the whole board stays right wherever the camera pans (a board fitted whole
    // below zoom 0.1 rebuilt all its dots on every frame of a pan).
    if (!b.holdsAll && !rectContainsRect(b.inner, viewport)) return true;
    return viewport.width * viewport.height < b.area * this.options.shrinkFraction;
  }

  /**
   * Records a rebuild for `viewport` and returns the rectangle to query; `board`, the bounds of everything on the
   * board, tells whether that query takes in all of it.
   */
  commit(viewport: Rect, lod: LodLevel, board?: Rect): Rect {
    const query = this.queryRect(viewport);
    // Rebuild once the viewport has used up half of its margin, so cards are in place before they show.
    const inner = expandRect(viewport, (query.width - viewport.width) / 4, (query.height - viewport.height) / 4);
    const holdsAll = board !== undefined && rectContainsRect(query, board);
    this.built = { query, inner, area: viewport.width * viewport.height, lod, holdsAll };
    return query;
  }

  invalidate(): void {
    this.built = null;
  }
}
