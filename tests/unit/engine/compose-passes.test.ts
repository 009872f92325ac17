import { describe, expect, it } from 'vitest';
import { composePasses } from '#engine/model/compose-passes';

const at = (x: number, y: number, id: number) => ({ x, y, width: 100, height: 80, id });

describe('composePasses', () => {
  it('keeps order, and puts at most `max` cards in a pass', () => {
    const cards = [at(0, 0, 1), at(200, 0, 2), at(400, 0, 3), at(600, 0, 4), at(800, 0, 5)];
    expect(composePasses(cards, 2).map((p) => p.map((c) => c.id))).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('starts a new pass before a card that overlaps one already in the pass', () => {
    const cards = [at(0, 0, 1), at(50, 40, 2), at(300, 0, 3), at(1000, 0, 4)];
    expect(composePasses(cards, 16).map((p) => p.map((c) => c.id))).toEqual([[1], [2, 3, 4]]);
  });

  it('lets cards that only touch share a pass', () => {
    expect(composePasses([at(0, 0, 1), at(100, 0, 2)], 16)).toHaveLength(1);
    expect(composePasses([], 16)).toEqual([]);
  });
});
