import { describe, expect, it } from 'vitest';
import { BoardStore } from '#engine/model/board-store';
import { dropSectionAt, sectionAt, stackRank, topCardAt } from '#engine/model/hit-test';
import { makeCard, makeSection } from './fixtures';

describe('hit tests', () => {
  const store = new BoardStore();
  store.setBoard({
    cards: [makeCard(1, 0, 0), makeCard(2, 100, 50, { isBookmarked: true }), makeCard(3, 150, 60)],
    sections: [makeSection(10, -50, -100, 1000, 800), makeSection(11, 2000, 0, 600, 600, { locked: true })],
  });
  const none = { dragging: new Set<number>(), hoveredId: null };

  it('ranks cards by the spec stacking: dragging 100, hovered 40, bookmarked 20, others 10', () => {
    expect(stackRank(store.cards[0], none)).toBe(10);
    expect(stackRank(store.cards[1], none)).toBe(20);
    expect(stackRank(store.cards[0], { dragging: new Set(), hoveredId: 1 })).toBe(40);
    expect(stackRank(store.cards[0], { dragging: new Set([1]), hoveredId: 2 })).toBe(100);
  });

  it('finds the topmost card under a point', () => {
    const p = { x: 200, y: 100 }; // inside all three cards
    expect(store.cards[topCardAt(store, p, none)].id).toBe(2); // bookmarked beats later unbookmarked
    expect(store.cards[topCardAt(store, p, { dragging: new Set(), hoveredId: 1 })].id).toBe(1);
    expect(store.cards[topCardAt(store, { x: 480, y: 320 }, none)].id).toBe(3);
    expect(topCardAt(store, { x: 5000, y: 5000 }, none)).toBe(-1);
    expect(store.cards[topCardAt(store, p, none, new Set([2]))].id).toBe(3);
  });

  it('finds section parts and the drop target at position + (160, 170)', () => {
    expect(sectionAt(store.sections, { x: 0, y: -90 }, 1)).toEqual({ index: 0, part: 'title' });
    expect(sectionAt(store.sections, { x: 945, y: 695 }, 1)).toEqual({ index: 0, part: 'resize' });
    expect(sectionAt(store.sections, { x: 500, y: 300 }, 1)).toEqual({ index: 0, part: 'body' });
    expect(sectionAt(store.sections, { x: 1500, y: 300 }, 1)).toBeNull();
    expect(dropSectionAt(store.sections, { x: 700, y: 500 })?.id).toBe(10);
    expect(dropSectionAt(store.sections, { x: 800, y: 500 })).toBeNull(); // 960 > 950
    expect(dropSectionAt(store.sections, { x: 2100, y: 100 })).toBeNull(); // locked sections take no drops
  });
});
