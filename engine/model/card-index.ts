/**
 * The cards' spatial index: a packed Hilbert R-tree (flatbush) over the cards as they were loaded, plus a uniform
 * grid for the cards inserted or moved since. A packed tree answers the large queries of a zoomed-out board about
 * ten times faster than the grid and builds three times faster, but it cannot move an item; the grid moves a
 * dragged card in place. A card that moves leaves a stale entry in the tree, skipped by a live flag, and when the
 * grid holds more than `repackFraction` of the board the tree is rebuilt from every card's current rectangle.
 * Queries use half-open edges (touching rectangles do not intersect) and return each id once, like SpatialGrid.
 * See docs/decisions/0003-spatial-index.md for the measurements.
 */
import Flatbush from 'flatbush';
import type { Point, Rect } from '../types';
import { SpatialGrid } from './spatial-grid';
import { grown, nextCapacity } from './typed-arrays';

export type CardIndexOptions = {
  /** The grid is folded into the tree once it holds more than this share of the indexed cards… */
  repackFraction: number;
  /** …and more than this many cards, so small boards never repack. */
  minRepack: number;
};

export class CardIndex {
  static readonly defaultOptions: CardIndexOptions = { repackFraction: 0.5, minRepack: 4096 };
  private readonly options: CardIndexOptions;
  private packed: Flatbush | null = null;
  /** The tree's item order → card id. */
  private packedIds = new Int32Array(0);
  /** Per id: 1 while the tree's entry is its current rectangle. */
  private packedLive = new Uint8Array(0);
  private readonly recent = new SpatialGrid();
  private recentCount = 0;
  private presentCount = 0;
  private bounds = new Float64Array(0);
  private present = new Uint8Array(0);

  constructor(options: Partial<CardIndexOptions> = {}) {
    this.options = { ...CardIndex.defaultOptions, ...options };
  }

  /** Replaces the whole index with `rects`, id = position in the array: one bulk build, no grid. */
  load(rects: readonly Rect[]): void {
    this.clear();
    if (rects.length > this.present.length) this.grow(rects.length);
    rects.forEach((rect, id) => this.store(id, rect));
    this.pack();
  }

  clear(): void {
    this.packed = null;
    this.packedIds = new Int32Array(0);
    this.packedLive.fill(0);
    this.recent.clear();
    this.recentCount = 0;
    this.present.fill(0);
    this.presentCount = 0;
  }

  /** Adds a card or moves it to `rect`. */
  insert(id: number, rect: Rect): void {
    if (id >= this.present.length) this.grow(id + 1);
    this.store(id, rect);
    this.packedLive[id] = 0;
    if (!this.recent.has(id)) this.recentCount++;
    this.recent.insert(id, rect);
    if (this.recentCount > this.options.minRepack && this.recentCount > this.presentCount * this.options.repackFraction)
      this.pack();
  }

  remove(id: number): void {
    if (!this.has(id)) return;
    this.present[id] = 0;
    this.presentCount--;
    this.packedLive[id] = 0;
    if (this.recent.has(id)) {
      this.recent.remove(id);
      this.recentCount--;
    }
  }

  has(id: number): boolean {
    return id < this.present.length && this.present[id] === 1;
  }

  /** Ids whose rectangles intersect `rect`, appended to `out` in no particular order. */
  query(rect: Rect, out: number[] = []): number[] {
    const minX = rect.x;
    const minY = rect.y;
    const maxX = rect.x + rect.width;
    const maxY = rect.y + rect.height;
    if (this.packed) {
      const ids = this.packedIds;
      const live = this.packedLive;
      // The filter pushes and answers false, so flatbush builds no result array of its own.
      this.packed.search(minX, minY, maxX, maxY, (item, x0, y0, x1, y1) => {
        const id = ids[item];
        if (live[id] === 1 && x0 < maxX && minX < x1 && y0 < maxY && minY < y1) out.push(id);
        return false;
      });
    }
    return this.recent.query(rect, out);
  }

  queryPoint(p: Point, out: number[] = []): number[] {
    if (this.packed) {
      const ids = this.packedIds;
      const live = this.packedLive;
      this.packed.search(p.x, p.y, p.x, p.y, (item, x0, y0, x1, y1) => {
        const id = ids[item];
        if (live[id] === 1 && p.x >= x0 && p.x < x1 && p.y >= y0 && p.y < y1) out.push(id);
        return false;
      });
    }
    return this.recent.queryPoint(p, out);
  }

  private store(id: number, rect: Rect): void {
    const o = id * 4;
    this.bounds[o] = rect.x;
    this.bounds[o + 1] = rect.y;
    this.bounds[o + 2] = rect.x + rect.width;
    this.bounds[o + 3] = rect.y + rect.height;
    if (!this.present[id]) {
      this.present[id] = 1;
      this.presentCount++;
    }
  }

  /** Rebuilds the tree from every present card's current rectangle and empties the grid. */
  private pack(): void {
    this.recent.clear();
    this.recentCount = 0;
    this.packedLive.fill(0);
    if (this.presentCount === 0) {
      this.packed = null;
      this.packedIds = new Int32Array(0);
      return;
    }
    const tree = new Flatbush(this.presentCount);
    const ids = new Int32Array(this.presentCount);
    const b = this.bounds;
    let n = 0;
    for (let id = 0; id < this.present.length; id++) {
      if (!this.present[id]) continue;
      const o = id * 4;
      tree.add(b[o], b[o + 1], b[o + 2], b[o + 3]);
      ids[n++] = id;
      this.packedLive[id] = 1;
    }
    tree.finish();
    this.packed = tree;
    this.packedIds = ids;
  }

  private grow(min: number): void {
    const size = nextCapacity(this.present.length, min);
    this.bounds = grown(this.bounds, size, 4);
    this.present = grown(this.present, size);
    this.packedLive = grown(this.packedLive, size);
  }
}
