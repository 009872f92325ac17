import { describe, expect, it } from 'vitest';
import { cardRects, focusableCards, moveFocus, readingOrder, rowsOf } from '#engine/model/card-focus';
import { makeCard, makeSection } from './fixtures';

// Horizontal cards are 340 × 280, vertical ones 207.5 × 430; a grid pitch of 370 × 310 leaves the layout's 30 gap.
const H = 370;
const V = 310;

describe('rowsOf', () => {
  it('puts items whose top is above the row opener’s middle in its row, each row left to right', () => {
    const box = (id: number, x: number, y: number, height = 280) => ({
      item: { id },
      rect: { x, y, width: 340, height },
    });
    const rows = rowsOf([
      box(1, 400, 100),
      box(2, 0, 0),
      box(3, 800, 139),
      box(4, 0, 141),
      box(5, 400, 200),
      box(6, 0, 500),
    ]);
    // 1 (top 100) and 3 (top 139) are above 2's middle (140); 4 (top 141) is not and opens the next row, which
    // takes 5 (top 200, above 4's middle at 281) but not 6 (top 500).
    expect(rows.map((r) => r.map((e) => e.item.id))).toEqual([[2, 1, 3], [4, 5], [6]]);
  });
});

describe('readingOrder', () => {
  it('reads sections in rows, each section’s cards in rows, then the loose cards', () => {
    const sections = [
      makeSection(10, 1000, 0, 800, 700), // top right
      makeSection(11, 0, 20, 800, 700), // top left (slightly lower: same row)
      makeSection(12, 0, 900, 800, 400), // below
    ];
    const cards = [
      makeCard(1, 1030 + H, 40, { sectionId: 10 }),
      makeCard(2, 1030, 40, { sectionId: 10 }),
      makeCard(3, 1030, 40 + V, { sectionId: 10 }),
      makeCard(4, 30, 60, { sectionId: 11 }),
      makeCard(5, 30, 940, { sectionId: 12 }),
      makeCard(6, 2000, -500), // loose, above everything: still after the sections
      makeCard(7, 1900, 2000),
    ];
    expect(readingOrder(cards, sections)).toEqual([4, 2, 1, 3, 5, 6, 7]);
  });

  it('leaves out the cards of a locked section, and reads a card of an unknown section with the loose ones', () => {
    const sections = [makeSection(10, 0, 0, 800, 400, { locked: true }), makeSection(11, 0, 500, 800, 400)];
    const cards = [
      makeCard(1, 30, 40, { sectionId: 10 }),
      makeCard(2, 30, 540, { sectionId: 11 }),
      makeCard(3, 0, 0, { sectionId: 99 }),
    ];
    expect(focusableCards(cards, sections).map((c) => c.id)).toEqual([2, 3]);
    expect(readingOrder(cards, sections)).toEqual([2, 3]);
  });

  it('keeps a vertical card in the row of the horizontal cards beside it', () => {
    const cards = [
      makeCard(1, 0, 0),
      makeCard(2, H, 0, { orientation: 'vertical' }),
      makeCard(3, H * 2, 0),
      makeCard(4, 0, V),
    ];
    expect(readingOrder(cards, [])).toEqual([1, 2, 3, 4]);
  });
});

describe('moveFocus', () => {
  // A 3 × 2 grid of loose cards: 1 2 3 / 4 5 6, with 7 alone further down on the right.
  const grid = [
    makeCard(1, 0, 0),
    makeCard(2, H, 0),
    makeCard(3, H * 2, 0),
    makeCard(4, 0, V),
    makeCard(5, H, V),
    makeCard(6, H * 2, V),
    makeCard(7, H * 2 + 100, V * 3),
  ];
  const order = readingOrder(grid, []);
  const rects = cardRects(grid);

  it('steps next and previous through the reading order and stops at its ends', () => {
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(moveFocus(order, rects, 3, 'next')).toBe(4);
    expect(moveFocus(order, rects, 4, 'previous')).toBe(3);
    expect(moveFocus(order, rects, 7, 'next')).toBe(7);
    expect(moveFocus(order, rects, 1, 'previous')).toBe(1);
    expect(moveFocus(order, rects, 5, 'first')).toBe(1);
    expect(moveFocus(order, rects, 2, 'last')).toBe(7);
  });

  it('goes up and down to the horizontally nearest card of the next row, and stays when there is none', () => {
    expect(moveFocus(order, rects, 2, 'down')).toBe(5);
    expect(moveFocus(order, rects, 5, 'up')).toBe(2);
    expect(moveFocus(order, rects, 1, 'up')).toBe(1);
    // From 6 the row below holds only 7, however far right it lies.
    expect(moveFocus(order, rects, 6, 'down')).toBe(7);
    // From 7 up: the row above is 4 5 6, and 6 is the nearest horizontally.
    expect(moveFocus(order, rects, 7, 'up')).toBe(6);
    expect(moveFocus(order, rects, 7, 'down')).toBe(7);
  });

  it('crosses from one section into the next row below, whichever section holds it', () => {
    const sections = [makeSection(10, 0, 0, 800, 400), makeSection(11, 0, 500, 800, 400)];
    const cards = [
      makeCard(1, 30, 40, { sectionId: 10 }),
      makeCard(2, 30 + H, 40, { sectionId: 10 }),
      makeCard(3, 30, 540, { sectionId: 11 }),
      makeCard(4, 30 + H, 540, { sectionId: 11 }),
    ];
    const o = readingOrder(cards, sections);
    expect(moveFocus(o, cardRects(cards), 2, 'down')).toBe(4);
    expect(moveFocus(o, cardRects(cards), 3, 'up')).toBe(1);
  });

  it('takes the leftmost of two cards equally near', () => {
    const cards = [makeCard(1, H / 2, 0), makeCard(2, 0, V), makeCard(3, H, V)];
    expect(moveFocus(readingOrder(cards, []), cardRects(cards), 1, 'down')).toBe(2);
  });

  it('a vertical card reaches the row under it, and the row under it reaches back', () => {
    const cards = [makeCard(1, 0, 0), makeCard(2, H, 0, { orientation: 'vertical' }), makeCard(3, H, 460)];
    const o = readingOrder(cards, []);
    expect(moveFocus(o, cardRects(cards), 2, 'down')).toBe(3);
    expect(moveFocus(o, cardRects(cards), 3, 'up')).toBe(2);
    // Card 1 (280 tall) has card 3 below it too: 3's middle lies below 1's bottom.
    expect(moveFocus(o, cardRects(cards), 1, 'down')).toBe(3);
  });

  it('starts at the first card in view, the first of all when none is, or at the end for previous and last', () => {
    const viewport = { x: H * 2, y: 0, width: 400, height: 400 };
    expect(moveFocus(order, rects, null, 'next', viewport)).toBe(3);
    expect(moveFocus(order, rects, null, 'down', { x: 9000, y: 9000, width: 10, height: 10 })).toBe(1);
    expect(moveFocus(order, rects, null, 'next')).toBe(1);
    expect(moveFocus(order, rects, null, 'previous', viewport)).toBe(7);
    expect(moveFocus(order, rects, null, 'last')).toBe(7);
    // A card no longer in the order counts as nothing focused.
    expect(moveFocus(order, rects, 42, 'next', viewport)).toBe(3);
    expect(moveFocus([], rects, null, 'next')).toBeNull();
  });
});
