import { describe, expect, it } from 'vitest';
import { BoardStore } from '#engine/model/board-store';
import { makeCard, makeSection } from './fixtures';

describe('BoardStore', () => {
  it('indexes cards by id and by position, and copies what it is given', () => {
    const input = {
      cards: [makeCard(10, 0, 0), makeCard(20, 1000, 0, { orientation: 'vertical' })],
      sections: [makeSection(1, -10, -10, 500, 500)],
    };
    const store = new BoardStore();
    store.setBoard(input);
    input.cards[0].position.x = 999;
    expect(store.card(10)?.position.x).toBe(0);
    expect(store.cardIndex(20)).toBe(1);
    expect(store.spatialIndex.queryPoint({ x: 1100, y: 400 })).toEqual([1]); // vertical card is 430 high
    expect(store.bounds()).toEqual({ x: -10, y: -10, width: 1217.5, height: 500 });
  });

  it("bounds what can be seen without a free plan's locked placeholders when asked (Fit)", () => {
    const store = new BoardStore();
    store.setBoard({
      cards: [makeCard(1, 25, 115)],
      sections: [makeSection(1, 0, 50, 400, 370), { ...makeSection(2, 460, 50, 840, 450), locked: true }],
    });
    expect(store.bounds()).toEqual({ x: 0, y: 50, width: 1300, height: 450 });
    expect(store.bounds(undefined, { lockedSections: false })).toEqual({ x: 0, y: 50, width: 400, height: 370 });
  });

  it('changes a card content hash only when its picture changes, and moves it in the index', () => {
    const store = new BoardStore();
    store.setBoard({ cards: [makeCard(1, 0, 0)], sections: [] });
    const initial = store.contentHashes[0];
    store.updateCards([{ id: 1, position: { x: 5000, y: 5000 }, sectionId: 4 }]);
    expect(store.contentHashes[0]).toBe(initial);
    expect(store.spatialIndex.queryPoint({ x: 5100, y: 5100 })).toEqual([0]);
    store.updateCards([{ id: 1, tags: ['Meta'] }]);
    expect(store.contentHashes[0]).toBe(initial);
    store.updateCards([
      { id: 1, isBookmarked: true },
      { id: 999, title: 'ignored' },
    ]);
    expect(store.contentHashes[0]).not.toBe(initial);
    expect(store.card(1)?.isBookmarked).toBe(true);
    store.setBoard({ cards: [makeCard(1, 0, 0)], sections: [] });
    expect(store.contentHashes[0]).toBe(initial); // same data again: baked textures stay valid
  });
});
