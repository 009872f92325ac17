import { describe, expect, it } from 'vitest';
import { BoardStore, contentHash } from '#engine/model/board-store';
import { makeCard, makeSection } from './fixtures';

describe('BoardStore.appendCards (a board streamed in pages)', () => {
  it('adds cards after the current ones, indexed by id and position, with their hashes', () => {
    const store = new BoardStore();
    store.setBoard({ cards: [makeCard(1, 0, 0)], sections: [makeSection(7, 0, 0, 100, 100)] });
    const revision = store.revision;
    const added = store.appendCards([makeCard(2, 1000, 0), makeCard(3, 0, 1000, { orientation: 'vertical' })]);
    expect(added).toBe(2);
    expect(store.cards.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(store.cardIndex(3)).toBe(2);
    expect(store.spatialIndex.queryPoint({ x: 1100, y: 100 })).toEqual([1]);
    expect(store.spatialIndex.queryPoint({ x: 100, y: 1400 })).toEqual([2]); // vertical: 430 high
    expect([...store.contentHashes]).toEqual(store.cards.map(contentHash));
    expect(store.sections.map((s) => s.id)).toEqual([7]);
    expect(store.revision).toBeGreaterThan(revision);
  });

  it('copies what it is given', () => {
    const store = new BoardStore();
    const card = makeCard(5, 10, 10);
    store.appendCards([card]);
    card.position.x = 999;
    card.tags.push('changed');
    expect(store.card(5)?.position.x).toBe(10);
    expect(store.card(5)?.tags).toEqual(['Meta']);
  });

  it('updates a known id in place instead of adding it twice (also within one batch)', () => {
    const store = new BoardStore();
    store.setBoard({ cards: [makeCard(1, 0, 0)], sections: [] });
    const added = store.appendCards([
      makeCard(1, 2000, 2000, { title: 'Moved' }),
      makeCard(2, 0, 500),
      makeCard(2, 0, 900),
    ]);
    expect(added).toBe(1);
    expect(store.cards).toHaveLength(2);
    expect(store.card(1)?.position).toEqual({ x: 2000, y: 2000 });
    expect(store.card(1)?.title).toBe('Moved');
    expect(store.card(2)?.position).toEqual({ x: 0, y: 900 });
    expect(store.spatialIndex.queryPoint({ x: 100, y: 100 })).toEqual([]);
    expect(store.spatialIndex.queryPoint({ x: 2100, y: 2100 })).toEqual([0]);
    expect(store.contentHashes).toHaveLength(2);
  });

  it('ends in the same state as setBoard with the whole list', () => {
    const cards = Array.from({ length: 5000 }, (_, i) =>
      makeCard(i + 1, (i % 50) * 400, Math.floor(i / 50) * 320, { title: `T${i}` }),
    );
    const streamed = new BoardStore();
    streamed.setBoard({ cards: cards.slice(0, 2000), sections: [] });
    for (let at = 2000; at < cards.length; at += 1000) streamed.appendCards(cards.slice(at, at + 1000));
    const whole = new BoardStore();
    whole.setBoard({ cards, sections: [] });
    expect(streamed.cards).toEqual(whole.cards);
    expect([...streamed.contentHashes]).toEqual([...whole.contentHashes]);
    const view = { x: 3000, y: 3000, width: 4000, height: 2500 };
    expect(streamed.spatialIndex.query(view).sort((a, b) => a - b)).toEqual(
      whole.spatialIndex.query(view).sort((a, b) => a - b),
    );
    expect(streamed.bounds()).toEqual(whole.bounds());
  });
});
