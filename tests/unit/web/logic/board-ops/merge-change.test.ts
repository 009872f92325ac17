import { describe, expect, it } from 'vitest';
import type { BoardChange } from '#shared/schemas/board-ops';
import type { CompactCardRow } from '#shared/schemas/board-content';
import { cardFromRow } from '../../../../../web/data/board-content';
import type { Card, Section } from '../../../../../web/data/wire';
import { bookmarkChanges, mergeChange, type LocalBoard } from '../../../../../web/logic/board-ops/merge-change';

const BOARD = 5;
const row = (
  id: number,
  x: number,
  y: number,
  options: { sectionId?: number | null; bookmarked?: 0 | 1; title?: string } = {},
): CompactCardRow => [
  id,
  options.sectionId ?? null,
  x,
  y,
  0,
  options.bookmarked ?? 0,
  options.title ?? `card ${id}`,
  'short',
  'Game',
  '',
  [],
  [],
];
const loaded = (r: CompactCardRow): Card => ({
  ...cardFromRow(r, BOARD),
  detailedDescription: `details of ${r[0]}`,
  featureId: 40 + r[0],
  createdAt: '2026-11-01T00:00:00.000Z',
  detailsLoaded: undefined,
});
const section = (id: number, title: string): Section => ({
  id,
  boardId: BOARD,
  title,
  color: '#ffcc00',
  position: { x: 0, y: 0 },
  size: { width: 400, height: 300 },
  createdAt: '2026-11-01T00:00:00.000Z',
});
const change = (parts: Partial<BoardChange>): BoardChange => ({
  boardId: BOARD,
  fromVersion: 1,
  version: 2,
  batchId: null,
  cards: [],
  removedCardIds: [],
  sections: [],
  removedSectionIds: [],
  board: null,
  reload: false,
  ...parts,
});
const board = (): LocalBoard => ({
  cards: [loaded(row(1, 0, 0, { sectionId: 9 })), loaded(row(2, 10, 10)), loaded(row(3, 20, 20))],
  sections: [section(9, 'Shop'), section(10, 'Rewards')],
});

describe("mergeChange (a change the server applied, into this screen's board)", () => {
  it("takes the server's rows, drops removed ones, keeps the order and adds new rows last", () => {
    const before = board();
    const after = mergeChange(
      before,
      change({
        cards: [row(2, 99, 98), row(7, 1, 1)],
        removedCardIds: [3],
        sections: [section(10, 'Renamed'), section(11, 'New')],
      }),
      { keepDetails: false },
    );
    expect(after.cards.map((c) => [c.id, c.position.x, c.position.y])).toEqual([
      [1, 0, 0],
      [2, 99, 98],
      [7, 1, 1],
    ]);
    expect(after.cards[0]).toBe(before.cards[0]);
    expect(after.sections.map((s) => [s.id, s.title])).toEqual([
      [9, 'Shop'],
      [10, 'Renamed'],
      [11, 'New'],
    ]);
  });

  it("keeps a changed card's loaded details only for the screen's own change that did not touch them", () => {
    const own = mergeChange(board(), change({ cards: [row(2, 5, 5)] }), { keepDetails: true }).cards[1];
    expect(own).toMatchObject({ detailedDescription: 'details of 2', featureId: 42, detailsLoaded: undefined });
    const heard = mergeChange(board(), change({ cards: [row(2, 5, 5)] }), { keepDetails: false }).cards[1];
    expect(heard).toMatchObject({
      detailedDescription: '',
      featureId: 42,
      detailsLoaded: false,
      position: { x: 5, y: 5 },
    });
  });

  it('unlinks the cards of a removed section, and answers the same board when nothing changed', () => {
    const before = board();
    const after = mergeChange(before, change({ removedSectionIds: [9] }), { keepDetails: false });
    expect(after.sections.map((s) => s.id)).toEqual([10]);
    expect(after.cards[0].sectionId).toBeNull();
    expect(mergeChange(before, change({}), { keepDetails: false })).toBe(before);
  });
});

describe('bookmarkChanges', () => {
  it('answers a new card its row says bookmarked (the sender’s own answer) and a removed bookmarked card as no longer bookmarked', () => {
    const before: LocalBoard = {
      cards: [loaded(row(1, 0, 0, { bookmarked: 1 })), loaded(row(2, 0, 0)), loaded(row(3, 0, 0))],
      sections: [],
    };
    const turned = bookmarkChanges(
      before,
      change({ cards: [row(8, 0, 0, { bookmarked: 1 }), row(3, 7, 7)], removedCardIds: [1] }),
    );
    expect(turned.map((c) => [c.id, c.isBookmarked])).toEqual([
      [8, 1],
      [1, 0],
    ]);
    expect(bookmarkChanges(before, change({}))).toEqual([]);
  });

  it('keeps this reader’s own bookmark of a card it has: a change’s rows do not say it (per person)', () => {
    const before: LocalBoard = { cards: [loaded(row(1, 0, 0, { bookmarked: 1 })), loaded(row(2, 0, 0))], sections: [] };
    const heard = change({ cards: [row(1, 5, 5), row(2, 6, 6, { bookmarked: 1 })] });
    expect(bookmarkChanges(before, heard)).toEqual([]);
    const after = mergeChange(before, heard, { keepDetails: false });
    expect(after.cards.map((c) => [c.id, c.position.x, c.isBookmarked])).toEqual([
      [1, 5, 1],
      [2, 6, 0],
    ]);
  });
});
