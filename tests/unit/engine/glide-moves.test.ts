import { describe, expect, it } from 'vitest';
import { BoardStore } from '#engine/model/board-store';
import { movesSince, positionsBefore } from '#engine/model/glide-moves';
import { makeCard } from './fixtures';

describe('glide moves', () => {
  it('lists the cards a change moved, from their old place to their new one, with their size', () => {
    const store = new BoardStore();
    store.setBoard({
      cards: [makeCard(1, 0, 0), makeCard(2, 500, 0), makeCard(3, 0, 600, { orientation: 'vertical' })],
      sections: [],
    });
    const before = positionsBefore(store, [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 99 }], new Set());
    expect([...before.keys()]).toEqual([1, 2, 3]);
    store.updateCards([
      { id: 1, position: { x: 100, y: 50 } },
      { id: 3, position: { x: 900, y: 900 } },
    ]);
    const moves = movesSince(store, before);
    expect(moves.map((m) => m.cardId)).toEqual([1, 3]);
    expect(moves[0]).toMatchObject({ from: { x: 0, y: 0 }, to: { x: 100, y: 50 } });
    expect(moves[1].size.height).toBeGreaterThan(moves[1].size.width); // a vertical card
  });

  it('leaves dragged cards and cards removed meanwhile out', () => {
    const store = new BoardStore();
    store.setBoard({ cards: [makeCard(1, 0, 0), makeCard(2, 500, 0)], sections: [] });
    const before = positionsBefore(store, [{ id: 1 }, { id: 2 }], new Set([2]));
    expect([...before.keys()]).toEqual([1]);
    store.setBoard({ cards: [makeCard(2, 900, 0)], sections: [] });
    expect(movesSince(store, before)).toEqual([]);
  });
});
