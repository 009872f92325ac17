/**
 * A uniform-grid spatial index over dense integer ids (the board store's card indices). Insert, move and remove
 * are O(cells touched), so a dragged card updates in place; bulk loads of 100k cards take milliseconds. Queries
 * return exactly the items whose rectangles intersect the query (half-open edges), each once.
 */
import type { Point, Rect } from '../types';
import { grown, nextCapacity } from './typed-arrays';

const CELL_BIAS = 1 << 20;
const ROW = 1 << 21;

export class SpatialGrid {
  /** World units per cell: a card (≤ 340 × 430) touches at most 2 × 2 cells. */
  readonly cellSize: number;
  private readonly cells = new Map<number, number[]>();
  private bounds = new Float64Array(0);
  private present = new Uint8Array(0);
  private stamps = new Uint32Array(0);
  private stamp = 0;

  constructor(cellSize = 512) {
    this.cellSize = cellSize;
  }

  clear(): void {
    this.cells.clear();
    this.present.fill(0);
  }

  insert(id: number, rect: Rect): void {
    if (id >= this.present.length) this.grow(id + 1);
    if (this.present[id]) this.remove(id);
    const b = this.bounds;
    b[id * 4] = rect.x;
    b[id * 4 + 1] = rect.y;
    b[id * 4 + 2] = rect.x + rect.width;
    b[id * 4 + 3] = rect.y + rect.height;
    this.present[id] = 1;
    this.forEachCell(id, (key) => {
      const cell = this.cells.get(key);
      if (cell) cell.push(id);
      else this.cells.set(key, [id]);
    });
  }

  remove(id: number): void {
    if (!this.present[id]) return;
    this.forEachCell(id, (key) => {
      const cell = this.cells.get(key);
      if (!cell) return;
      const at = cell.indexOf(id);
      if (at >= 0) {
        cell[at] = cell[cell.length - 1];
        cell.pop();
      }
      if (cell.length === 0) this.cells.delete(key);
    });
    this.present[id] = 0;
  }

  has(id: number): boolean {
    return id < this.present.length && this.present[id] === 1;
  }

  /** Ids whose rectangles intersect `rect`, appended to `out` in no particular order. */
  query(rect: Rect, out: number[] = []): number[] {
    const stamp = this.nextStamp();
    const minX = rect.x;
    const minY = rect.y;
    const maxX = rect.x + rect.width;
    const maxY = rect.y + rect.height;
    const s = this.cellSize;
    const cx0 = Math.floor(minX / s);
    const cy0 = Math.floor(minY / s);
    const cx1 = Math.floor(maxX / s);
    const cy1 = Math.floor(maxY / s);
    const b = this.bounds;
    const visitCell = (cell: number[]) => {
      for (let i = 0; i < cell.length; i++) {
        const id = cell[i];
        if (this.stamps[id] === stamp) continue;
        this.stamps[id] = stamp;
        const o = id * 4;
        if (b[o] < maxX && minX < b[o + 2] && b[o + 1] < maxY && minY < b[o + 3]) out.push(id);
      }
    };
    // A huge query (the whole board at zoom 0.1) walks the occupied cells instead of the empty ones.
    if ((cx1 - cx0 + 1) * (cy1 - cy0 + 1) > this.cells.size) {
      for (const [key, cell] of this.cells) {
        const cx = Math.floor(key / ROW) - CELL_BIAS;
        const cy = (key % ROW) - CELL_BIAS;
        if (cx >= cx0 && cx <= cx1 && cy >= cy0 && cy <= cy1) visitCell(cell);
      }
      return out;
    }
    for (let cx = cx0; cx <= cx1; cx++) {
      for (let cy = cy0; cy <= cy1; cy++) {
        const cell = this.cells.get(cellKey(cx, cy));
        if (cell) visitCell(cell);
      }
    }
    return out;
  }

  queryPoint(p: Point, out: number[] = []): number[] {
    const cell = this.cells.get(cellKey(Math.floor(p.x / this.cellSize), Math.floor(p.y / this.cellSize)));
    if (!cell) return out;
    const b = this.bounds;
    for (const id of cell) {
      const o = id * 4;
      if (p.x >= b[o] && p.x < b[o + 2] && p.y >= b[o + 1] && p.y < b[o + 3]) out.push(id);
    }
    return out;
  }

  private forEachCell(id: number, fn: (key: number) => void): void {
    const b = this.bounds;
    const s = this.cellSize;
    const o = id * 4;
    const cx0 = Math.floor(b[o] / s);
    const cy0 = Math.floor(b[o + 1] / s);
    // Half-open: a rect ending exactly on a cell edge does not touch the next cell.
    const cx1 = Math.max(cx0, Math.ceil(b[o + 2] / s) - 1);
    const cy1 = Math.max(cy0, Math.ceil(b[o + 3] / s) - 1);
    for (let cx = cx0; cx <= cx1; cx++) for (let cy = cy0; cy <= cy1; cy++) fn(cellKey(cx, cy));
  }

  private nextStamp(): number {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  private grow(min: number): void {
    const size = nextCapacity(this.present.length, min);
    this.bounds = grown(this.bounds, size, 4);
    this.present = grown(this.present, size);
    this.stamps = grown(this.stamps, size);
  }
}

function cellKey(cx: number, cy: number): number {
  return (cx + CELL_BIAS) * ROW + (cy + CELL_BIAS);
}
