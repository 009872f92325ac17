import { describe, expect, it } from 'vitest';
import { rectsIntersect } from '#engine/model/rect';
import { SpatialGrid } from '#engine/model/spatial-grid';
import type { Rect } from '#engine/types';

function randomRects(n: number, seed: number): Rect[] {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  return Array.from({ length: n }, () => ({
    x: rnd() * 20000 - 5000,
    y: rnd() * 20000 - 5000,
    width: rnd() < 0.5 ? 340 : 207.5,
    height: rnd() < 0.5 ? 280 : 430,
  }));
}

describe('SpatialGrid (culling)', () => {
  it('returns exactly the rectangles that intersect the query, each once', () => {
    const rects = randomRects(3000, 7);
    const grid = new SpatialGrid(512);
    rects.forEach((r, i) => grid.insert(i, r));
    const queries: Rect[] = [
      { x: 0, y: 0, width: 1400, height: 900 },
      { x: -6000, y: -6000, width: 40000, height: 40000 },
      { x: 3000.5, y: 1234, width: 10, height: 10 },
      { x: 9000, y: -100, width: 5000, height: 300 },
    ];
    for (const q of queries) {
      const got = grid.query(q).sort((a, b) => a - b);
      const want = rects.map((r, i) => (rectsIntersect(r, q) ? i : -1)).filter((i) => i >= 0);
      expect(got).toEqual(want);
    }
  });

  it('treats touching edges as not intersecting', () => {
    const grid = new SpatialGrid(100);
    grid.insert(0, { x: 0, y: 0, width: 100, height: 100 });
    expect(grid.query({ x: 100, y: 0, width: 50, height: 50 })).toEqual([]);
    expect(grid.query({ x: 99, y: 99, width: 50, height: 50 })).toEqual([0]);
    expect(grid.queryPoint({ x: 100, y: 50 })).toEqual([]);
    expect(grid.queryPoint({ x: 0, y: 0 })).toEqual([0]);
  });

  it('moves and removes items in place', () => {
    const grid = new SpatialGrid(256);
    grid.insert(3, { x: 0, y: 0, width: 340, height: 280 });
    grid.insert(3, { x: 5000, y: 5000, width: 340, height: 280 });
    expect(grid.query({ x: 0, y: 0, width: 400, height: 400 })).toEqual([]);
    expect(grid.queryPoint({ x: 5100, y: 5100 })).toEqual([3]);
    grid.remove(3);
    expect(grid.has(3)).toBe(false);
    expect(grid.query({ x: 4000, y: 4000, width: 4000, height: 4000 })).toEqual([]);
  });
});
