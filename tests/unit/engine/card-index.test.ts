import { describe, expect, it } from 'vitest';
import { CardIndex } from '#engine/model/card-index';
import { rectsIntersect } from '#engine/model/rect';
import type { Point, Rect } from '#engine/types';
import { seededRandom } from '#shared/seeded-random';

function randomRect(rnd: () => number): Rect {
  return {
    x: rnd() * 20000 - 5000,
    y: rnd() * 20000 - 5000,
    width: rnd() < 0.5 ? 340 : 207.5,
    height: rnd() < 0.5 ? 280 : 430,
  };
}

const QUERIES: Rect[] = [
  { x: 0, y: 0, width: 1400, height: 900 },
  { x: -6000, y: -6000, width: 40000, height: 40000 },
  { x: 3000.5, y: 1234, width: 10, height: 10 },
  { x: 9000, y: -100, width: 5000, height: 300 },
];

function brute(rects: (Rect | null)[], q: Rect): number[] {
  return rects.flatMap((r, i) => (r && rectsIntersect(r, q) ? [i] : []));
}

function brutePoint(rects: (Rect | null)[], p: Point): number[] {
  return rects.flatMap((r, i) =>
    r && p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height ? [i] : [],
  );
}

function expectSameAsBrute(index: CardIndex, rects: (Rect | null)[]) {
  for (const q of QUERIES) expect(index.query(q).sort((a, b) => a - b)).toEqual(brute(rects, q));
  for (const r of rects.slice(0, 50)) {
    if (!r) continue;
    const p = { x: r.x + 1, y: r.y + 1 };
    expect(index.queryPoint(p).sort((a, b) => a - b)).toEqual(brutePoint(rects, p));
  }
}

describe('CardIndex (culling: packed tree + grid of moved cards)', () => {
  it('returns exactly the rectangles that intersect the query after a bulk load, each once', () => {
    const rnd = seededRandom(7);
    const rects = Array.from({ length: 3000 }, () => randomRect(rnd));
    const index = new CardIndex();
    index.load(rects);
    expectSameAsBrute(index, rects);
  });

  it('stays exact through moves, removals and appends, before and after a repack', () => {
    const rnd = seededRandom(11);
    const rects: (Rect | null)[] = Array.from({ length: 2000 }, () => randomRect(rnd));
    const index = new CardIndex({ minRepack: 100, repackFraction: 0.1 });
    index.load(rects as Rect[]);
    for (let step = 0; step < 1500; step++) {
      const roll = rnd();
      if (roll < 0.6) {
        const id = Math.floor(rnd() * rects.length);
        rects[id] = randomRect(rnd);
        index.insert(id, rects[id] as Rect);
      } else if (roll < 0.8) {
        const id = Math.floor(rnd() * rects.length);
        rects[id] = null;
        index.remove(id);
      } else {
        rects.push(randomRect(rnd));
        index.insert(rects.length - 1, rects[rects.length - 1] as Rect);
      }
      if (step % 250 === 0) expectSameAsBrute(index, rects);
    }
    expectSameAsBrute(index, rects);
    for (let id = 0; id < rects.length; id++) expect(index.has(id)).toBe(rects[id] !== null);
  });

  it('treats touching edges as not intersecting, in the tree and in the grid', () => {
    const index = new CardIndex();
    index.load([{ x: 0, y: 0, width: 100, height: 100 }]);
    index.insert(1, { x: 300, y: 0, width: 100, height: 100 });
    expect(index.query({ x: 100, y: 0, width: 50, height: 50 })).toEqual([]);
    expect(index.query({ x: 99, y: 99, width: 50, height: 50 })).toEqual([0]);
    expect(index.query({ x: 400, y: 0, width: 50, height: 50 })).toEqual([]);
    expect(index.queryPoint({ x: 100, y: 50 })).toEqual([]);
    expect(index.queryPoint({ x: 0, y: 0 })).toEqual([0]);
    expect(index.queryPoint({ x: 300, y: 0 })).toEqual([1]);
  });

  it('moves a loaded card out of the tree: its old place no longer finds it', () => {
    const index = new CardIndex();
    index.load([{ x: 0, y: 0, width: 340, height: 280 }]);
    index.insert(0, { x: 5000, y: 5000, width: 340, height: 280 });
    expect(index.query({ x: 0, y: 0, width: 400, height: 400 })).toEqual([]);
    expect(index.queryPoint({ x: 5100, y: 5100 })).toEqual([0]);
    index.remove(0);
    expect(index.has(0)).toBe(false);
    expect(index.query({ x: -1e6, y: -1e6, width: 2e6, height: 2e6 })).toEqual([]);
  });

  it('clear empties it and a later load starts afresh', () => {
    const index = new CardIndex();
    index.load([
      { x: 0, y: 0, width: 10, height: 10 },
      { x: 20, y: 0, width: 10, height: 10 },
    ]);
    index.clear();
    expect(index.query({ x: -100, y: -100, width: 1000, height: 1000 })).toEqual([]);
    index.load([{ x: 50, y: 50, width: 10, height: 10 }]);
    expect(index.query({ x: -100, y: -100, width: 1000, height: 1000 })).toEqual([0]);
    expect(index.has(1)).toBe(false);
  });
});
