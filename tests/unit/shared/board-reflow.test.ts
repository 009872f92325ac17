import { describe, expect, it } from 'vitest';
import { LAYOUT_GAP, SECTION_GAP, SECTION_PADDING } from '#shared/constants';
import { cardRect as cardRectOf } from '#shared/card-geometry';
import { nearestFreeSpot, reflowSections, type ReflowBoard } from '#shared/board-reflow';
import { layoutBoard, SECTION_TITLE_HEIGHT, type LayoutUpdate } from '#shared/layout';

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A laid-out board of `perSection` horizontal cards in each of `sections` sections, plus `loose` loose cards. */
function board(perSection: number[], loose = 0): ReflowBoard {
  const cards = perSection.flatMap((n, s) =>
    Array.from({ length: n }, (_, i) => ({
      id: s * 100 + i + 1,
      sectionId: 1000 + s,
      orientation: 'horizontal' as const,
    })),
  );
  for (let i = 0; i < loose; i++)
    cards.push({ id: 9000 + i, sectionId: null as unknown as number, orientation: 'horizontal' });
  const sections = perSection.map((_, s) => ({ id: 1000 + s }));
  const out = layoutBoard({ cards: cards.map((c) => ({ ...c, sectionId: c.sectionId ?? null })), sections });
  const pos = new Map(out.cards.map((c) => [c.id, c.position]));
  return {
    cards: cards.map((c) => ({ ...c, sectionId: c.sectionId ?? null, position: pos.get(c.id)! })),
    sections: out.sections,
  };
}

function apply(b: ReflowBoard, updates: LayoutUpdate[]): ReflowBoard {
  const byId = new Map(updates.map((u) => [`${u.type}:${u.id}`, u]));
  return {
    cards: b.cards.map((c) => ({ ...c, position: byId.get(`card:${c.id}`)?.position ?? c.position })),
    sections: b.sections.map((s) => {
      const u = byId.get(`section:${s.id}`);
      return u && u.type === 'section' ? { ...s, position: u.position, size: u.size } : s;
    }),
  };
}

function assertNoCardOverlap(b: ReflowBoard) {
  const rects = b.cards.map(cardRectOf);
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++)
      expect(overlap(rects[i], rects[j]), `cards ${b.cards[i].id} and ${b.cards[j].id}`).toBe(false);
  for (let i = 0; i < b.sections.length; i++)
    for (let j = i + 1; j < b.sections.length; j++)
      expect(
        overlap(
          { ...b.sections[i].position, ...b.sections[i].size },
          { ...b.sections[j].position, ...b.sections[j].size },
        ),
      ).toBe(false);
}

function insideSection(b: ReflowBoard, cardId: number, sectionId: number) {
  const c = cardRectOf(b.cards.find((x) => x.id === cardId)!);
  const s = b.sections.find((x) => x.id === sectionId)!;
  return (
    c.x >= s.position.x &&
    c.y >= s.position.y &&
    c.x + c.width <= s.position.x + s.size.width &&
    c.y + c.height <= s.position.y + s.size.height
  );
}

describe('reflowSections', () => {
  it('moves a card assigned to another section into it, closes the hole it left, and pushes the neighbour right', () => {
    const start = board([2, 4, 1]);
    const moved = { ...start, cards: start.cards.map((c) => (c.id === 1 ? { ...c, sectionId: 1001 } : c)) };
    const updates = reflowSections(moved, [1001, 1000]);
    const after = apply(moved, updates);
    expect(insideSection(after, 1, 1001)).toBe(true);
    // The card came last: second row of the entered section.
    const card = after.cards.find((c) => c.id === 1)!;
    const entered = after.sections.find((s) => s.id === 1001)!;
    expect(card.position).toEqual({
      x: entered.position.x + SECTION_PADDING,
      y: entered.position.y + SECTION_TITLE_HEIGHT + SECTION_PADDING + 280 + LAYOUT_GAP,
    });
    // The left section shrank to one card; its remaining card sits in the first slot.
    const left = after.sections.find((s) => s.id === 1000)!;
    expect(after.cards.find((c) => c.id === 2)!.position).toEqual({
      x: left.position.x + SECTION_PADDING,
      y: left.position.y + SECTION_TITLE_HEIGHT + SECTION_PADDING,
    });
    expect(left.size.width).toBe(SECTION_PADDING * 2 + 340 < 400 ? 400 : SECTION_PADDING * 2 + 340);
    // Positions of the reflowed sections stay; nothing overlaps.
    expect(left.position).toEqual(start.sections[0].position);
    expect(entered.position).toEqual(start.sections[1].position);
    assertNoCardOverlap(after);
    // Only changed items are answered.
    expect(updates.some((u) => u.type === 'card' && u.id === 101)).toBe(false);
  });

  it('pushes the next section (with its cards) right when a section grows wider, by the gap', () => {
    const start = board([1, 1]);
    const moved = { ...start, cards: start.cards.map((c) => (c.id === 101 ? { ...c, sectionId: 1000 } : c)) };
    const after = apply(moved, reflowSections(moved, [1000, 1001]));
    const [a, b] = after.sections;
    expect(b.position.x).toBeGreaterThanOrEqual(a.position.x + a.size.width + SECTION_GAP);
    assertNoCardOverlap(after);
  });

  it('pushes loose cards below a section that grew taller', () => {
    const start = board([4, 0], 5);
    const moved = { ...start, cards: start.cards.map((c) => (c.id === 9000 ? { ...c, sectionId: 1000 } : c)) };
    const after = apply(moved, reflowSections(moved, [1000]));
    expect(insideSection(after, 9000, 1000)).toBe(true);
    assertNoCardOverlap(after);
  });

  it('a card dropped between two others in its own section takes that slot', () => {
    const start = board([3]);
    const [first] = start.cards;
    const third = start.cards[2];
    // Drop card 3 onto the left half of card 1.
    const dropped = {
      ...start,
      cards: start.cards.map((c) =>
        c.id === third.id ? { ...c, position: { x: first.position.x - 100, y: first.position.y + 10 } } : c,
      ),
    };
    const after = apply(dropped, reflowSections(dropped, [1000]));
    expect(after.cards.find((c) => c.id === third.id)!.position).toEqual(first.position);
    assertNoCardOverlap(after);
  });

  it('cascades: a pushed section pushes the one after it', () => {
    const start = board([1, 1, 1]);
    const moved = { ...start, cards: start.cards.map((c) => (c.id === 201 ? { ...c, sectionId: 1000 } : c)) };
    const after = apply(moved, reflowSections(moved, [1000, 1002]));
    assertNoCardOverlap(after);
  });
});

describe('nearestFreeSpot', () => {
  const size = { width: 340, height: 280 };
  it('keeps a free position', () => {
    expect(nearestFreeSpot({ x: 0, y: 0 }, size, [{ x: 1000, y: 0, width: 340, height: 280 }])).toEqual({ x: 0, y: 0 });
  });
  it('moves a card off the one it was dropped on, to the nearest side, half a gap clear', () => {
    const other = { x: 0, y: 0, width: 340, height: 280 };
    const spot = nearestFreeSpot({ x: 250, y: 20 }, size, [other]);
    expect(overlap({ ...spot, ...size }, other)).toBe(false);
    expect(spot.x).toBeGreaterThanOrEqual(340 + LAYOUT_GAP / 2);
    expect(spot.x - 250).toBeLessThanOrEqual(LAYOUT_GAP * 4);
  });
  it('finds a way out of a crowd', () => {
    const crowd = Array.from({ length: 9 }, (_, i) => ({
      x: (i % 3) * 370,
      y: Math.floor(i / 3) * 310,
      width: 340,
      height: 280,
    }));
    const spot = nearestFreeSpot({ x: 370, y: 310 }, size, crowd);
    for (const o of crowd) expect(overlap({ ...spot, ...size }, o)).toBe(false);
  });
});
