import { describe, expect, it } from 'vitest';
import {
  CARD_WIDTH_HORIZONTAL,
  DEFAULT_SECTION_HEIGHT,
  DEFAULT_SECTION_WIDTH,
  LAYOUT_BOARD_WIDTH,
  LAYOUT_GAP,
  LAYOUT_START_Y,
  LOOSE_CARD_COLUMNS,
  MAX_CARDS_PER_ROW,
  SECTION_GAP,
  SECTION_PADDING,
} from '#shared/constants';
import { cardSize } from '#shared/card-geometry';
import {
  SECTION_TITLE_HEIGHT,
  layoutBoard,
  type LayoutCardInput,
  type LayoutOutput,
  type LayoutSectionInput,
} from '#shared/layout';

type Box = { x: number; y: number; width: number; height: number };

/** A deterministic mix of sections, section-less cards and both orientations. */
function sampleBoard(cardCount: number, sectionCount: number, seed = 1) {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const sections: LayoutSectionInput[] = Array.from({ length: sectionCount }, (_, i) => ({ id: 1000 + i }));
  const cards: LayoutCardInput[] = Array.from({ length: cardCount }, (_, i) => ({
    id: i + 1,
    sectionId: sectionCount > 0 && next() < 0.8 ? 1000 + Math.floor(next() * sectionCount) : null,
    orientation: next() < 0.3 ? 'vertical' : 'horizontal',
  }));
  return { cards, sections };
}

function cardBoxes(input: { cards: LayoutCardInput[] }, out: LayoutOutput): Box[] {
  return out.cards.map((c, i) => ({ ...c.position, ...cardSize(input.cards[i].orientation) }));
}
const sectionBoxes = (out: LayoutOutput): Box[] => out.sections.map((s) => ({ ...s.position, ...s.size }));

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** Pairs of overlapping boxes, found by sorting on x and sweeping (fast enough for a few thousand boxes). */
function overlappingPairs(boxes: Box[]): [number, number][] {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a].x - boxes[b].x);
  const pairs: [number, number][] = [];
  for (let i = 0; i < order.length; i++) {
    const a = boxes[order[i]];
    for (let j = i + 1; j < order.length && boxes[order[j]].x < a.x + a.width; j++) {
      if (overlaps(a, boxes[order[j]])) pairs.push([order[i], order[j]]);
    }
  }
  return pairs;
}

describe('layoutBoard', () => {
  it('places one horizontal card inside its section, padded under the title, with the section at the start y', () => {
    const out = layoutBoard({ sections: [{ id: 1 }], cards: [{ id: 7, sectionId: 1, orientation: 'horizontal' }] });
    expect(out.sections).toEqual([
      {
        id: 1,
        position: { x: 0, y: LAYOUT_START_Y },
        size: {
          width: DEFAULT_SECTION_WIDTH,
          height: SECTION_TITLE_HEIGHT + SECTION_PADDING + 280 + SECTION_PADDING,
        },
      },
    ]);
    expect(out.cards).toEqual([
      { id: 7, position: { x: SECTION_PADDING, y: LAYOUT_START_Y + SECTION_TITLE_HEIGHT + SECTION_PADDING } },
    ]);
  });

  it('keeps an empty section at the default 400×100', () => {
    const out = layoutBoard({ sections: [{ id: 1 }, { id: 2 }], cards: [] });
    for (const s of out.sections)
      expect(s.size).toEqual({ width: DEFAULT_SECTION_WIDTH, height: DEFAULT_SECTION_HEIGHT });
    expect(out.sections[1].position.x).toBe(DEFAULT_SECTION_WIDTH + SECTION_GAP);
  });

  it('keeps a size the user chose when the cards fit in it, and grows it only where they do not', () => {
    const cards: LayoutCardInput[] = Array.from({ length: 2 }, (_, i) => ({
      id: i + 1,
      sectionId: 1,
      orientation: 'horizontal',
    }));
    const fitted = layoutBoard({ sections: [{ id: 1 }, { id: 2 }], cards }).sections[0].size;
    const chosen = { width: fitted.width + 500, height: fitted.height + 200 };
    const out = layoutBoard({ sections: [{ id: 1, size: chosen }, { id: 2 }], cards });
    expect(out.sections[0].size).toEqual(chosen);
    // The next section moves along, so the kept size covers nothing.
    expect(out.sections[1].position.x).toBe(chosen.width + SECTION_GAP);
    // Too narrow and too short for its cards: only what they need is added.
    const small = layoutBoard({ sections: [{ id: 1, size: { width: 250, height: fitted.height + 100 } }], cards });
    expect(small.sections[0].size).toEqual({ width: fitted.width, height: fitted.height + 100 });
    // Organizing again with the size it now has changes nothing.
    const again = layoutBoard({
      sections: [
        { id: 1, size: out.sections[0].size },
        { id: 2, size: out.sections[1].size },
      ],
      cards,
    });
    expect(again).toEqual(out);
  });

  it('keeps an empty section at the size it has', () => {
    const out = layoutBoard({ sections: [{ id: 1, size: { width: 250, height: 120 } }], cards: [] });
    expect(out.sections[0].size).toEqual({ width: 250, height: 120 });
  });

  it('puts at most 4 cards in a row inside a section, 30 apart', () => {
    const cards: LayoutCardInput[] = Array.from({ length: 9 }, (_, i) => ({
      id: i + 1,
      sectionId: 5,
      orientation: 'horizontal',
    }));
    const out = layoutBoard({ sections: [{ id: 5 }], cards });
    const rows = new Map<number, number[]>();
    for (const c of out.cards) rows.set(c.position.y, [...(rows.get(c.position.y) ?? []), c.position.x]);
    expect([...rows.values()].map((xs) => xs.length)).toEqual([MAX_CARDS_PER_ROW, MAX_CARDS_PER_ROW, 1]);
    expect(rows.values().next().value).toEqual(
      [0, 1, 2, 3].map((i) => SECTION_PADDING + i * (CARD_WIDTH_HORIZONTAL + LAYOUT_GAP)),
    );
    expect(out.sections[0].size.width).toBe(2 * SECTION_PADDING + 4 * CARD_WIDTH_HORIZONTAL + 3 * LAYOUT_GAP);
  });

  it('puts cards without a section (or with an unknown one) in 5 columns under all sections', () => {
    const input = sampleBoard(300, 12);
    input.cards.push({ id: 9999, sectionId: 424242, orientation: 'vertical' });
    const out = layoutBoard(input);
    const sectionsBottom = Math.max(...sectionBoxes(out).map((b) => b.y + b.height));
    const looseIndexes = input.cards
      .map((c, i) => (c.sectionId == null || c.sectionId === 424242 ? i : -1))
      .filter((i) => i >= 0);
    expect(looseIndexes.length).toBeGreaterThan(40);
    const xs = new Set(looseIndexes.map((i) => out.cards[i].position.x));
    expect(xs.size).toBe(LOOSE_CARD_COLUMNS);
    for (const i of looseIndexes) expect(out.cards[i].position.y).toBeGreaterThanOrEqual(sectionsBottom + SECTION_GAP);
  });

  it('starts loose cards at the start y when the board has no sections', () => {
    const out = layoutBoard({ sections: [], cards: [{ id: 1, sectionId: null, orientation: 'horizontal' }] });
    expect(out.cards[0].position).toEqual({ x: 0, y: LAYOUT_START_Y });
  });

  it('keeps every card inside its section box, and nothing overlaps (cards, sections, loose cards)', () => {
    const input = sampleBoard(2000, 40);
    const out = layoutBoard(input);
    const cards = cardBoxes(input, out);
    const sections = sectionBoxes(out);
    const sectionIndex = new Map(out.sections.map((s, i) => [s.id, i]));
    input.cards.forEach((card, i) => {
      if (card.sectionId != null) expect(inside(cards[i], sections[sectionIndex.get(card.sectionId)!])).toBe(true);
      else expect(sections.some((s) => overlaps(cards[i], s))).toBe(false);
    });
    expect(overlappingPairs(cards)).toEqual([]);
    expect(overlappingPairs(sections)).toEqual([]);
  });

  it('wraps section rows at the board width and keeps 60 between sections', () => {
    const input = sampleBoard(600, 30);
    const out = layoutBoard(input);
    const boxes = sectionBoxes(out);
    const rows = new Map<number, Box[]>();
    for (const b of boxes) rows.set(b.y, [...(rows.get(b.y) ?? []), b]);
    expect(rows.size).toBeGreaterThan(1);
    for (const row of rows.values()) {
      const last = row[row.length - 1];
      if (row.length > 1) expect(last.x + last.width).toBeLessThanOrEqual(LAYOUT_BOARD_WIDTH);
      for (let i = 1; i < row.length; i++) expect(row[i].x - (row[i - 1].x + row[i - 1].width)).toBe(SECTION_GAP);
    }
    const ys = [...rows.keys()];
    expect(ys[0]).toBe(LAYOUT_START_Y);
    for (let i = 1; i < ys.length; i++) {
      const above = rows.get(ys[i - 1])!;
      expect(ys[i]).toBe(ys[i - 1] + Math.max(...above.map((b) => b.height)) + SECTION_GAP);
    }
  });

  it('is deterministic and follows the input order', () => {
    const input = sampleBoard(500, 10, 7);
    const first = layoutBoard(input);
    expect(layoutBoard(structuredClone(input))).toEqual(first);
    expect(first.cards.map((c) => c.id)).toEqual(input.cards.map((c) => c.id));
    expect(first.sections.map((s) => s.id)).toEqual(input.sections.map((s) => s.id));
  });

  it('does work linear in the number of cards and sections (counted, not timed)', () => {
    // Every read of a card or section field is counted; a linear layout reads each a fixed number of times,
    // whatever the board's size. Many sections make a per-section scan of all cards show up at once.
    function countedReads(cardCount: number): number {
      const { cards, sections } = sampleBoard(cardCount, Math.ceil(cardCount / 4));
      let reads = 0;
      const count = <T extends object>(o: T): T =>
        new Proxy(o, {
          get(target, key, receiver) {
            reads += 1;
            return Reflect.get(target, key, receiver);
          },
        });
      layoutBoard({ cards: count(cards.map(count)), sections: count(sections.map(count)) });
      return reads;
    }
    const small = countedReads(2_000);
    const large = countedReads(20_000);
    expect(small).toBeGreaterThan(2_000);
    expect(large / small).toBeLessThan(10.5);
    expect(large / 20_000).toBeLessThan(20);
  });

  it('lays out 100,000 cards', () => {
    const input = sampleBoard(100_000, 200);
    const out = layoutBoard(input);
    expect(out.cards).toHaveLength(100_000);
    expect(out.cards.every((c) => Number.isFinite(c.position.x) && Number.isFinite(c.position.y))).toBe(true);
  });
});
