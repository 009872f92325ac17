/**
 * Keyboard focus among the board's cards, as pure functions of the board's data (no Pixi, no DOM).
 *
 * Rows: items (cards or sections) sorted by their top edge; an item joins the row of the item that opened it when
 * its top lies above that item's vertical middle, otherwise it opens the next row. Inside a row, left to right.
 *
 * Reading order (Right / Left, Home / End): the open sections in rows, each section's cards in rows, then the cards
 * outside any section in rows. A card of a locked section is never focusable (a free plan hides those cards).
 *
 * Up / Down: the nearest row above / below the focused card among all focusable cards on the board (a card is
 * below when its middle is below the focused card's bottom edge, above when its middle is above its top edge); the
 * row is the one of the closest such card, and in it the card whose horizontal middle is nearest the focused
 * card's (the leftmost on a tie). When nothing lies that way, focus stays.
 */
import { cardRect } from '#shared/card-geometry';
import type { CardFocusMove, EngineCard, EngineSection, Rect } from '../types';
import { rectsIntersect } from './rect';

type Boxed<T> = { item: T; rect: Rect };

/** Items in rows (see the file's comment), each row left to right. */
export function rowsOf<T extends { id: number }>(items: readonly Boxed<T>[]): Boxed<T>[][] {
  const sorted = [...items].sort((a, b) => a.rect.y - b.rect.y || a.rect.x - b.rect.x || a.item.id - b.item.id);
  const rows: Boxed<T>[][] = [];
  let anchor: Boxed<T> | null = null;
  for (const entry of sorted) {
    if (anchor && entry.rect.y < anchor.rect.y + anchor.rect.height / 2) rows[rows.length - 1].push(entry);
    else {
      anchor = entry;
      rows.push([entry]);
    }
  }
  for (const row of rows) row.sort((a, b) => a.rect.x - b.rect.x || a.rect.y - b.rect.y || a.item.id - b.item.id);
  return rows;
}

function inRows<T extends { id: number }>(items: readonly Boxed<T>[]): T[] {
  return rowsOf(items).flatMap((row) => row.map((e) => e.item));
}

/** The cards that keyboard focus may rest on: every card but those of a locked section. */
export function focusableCards(cards: readonly EngineCard[], sections: readonly EngineSection[]): EngineCard[] {
  const locked = new Set(sections.filter((s) => s.locked).map((s) => s.id));
  return cards.filter((c) => c.sectionId === null || !locked.has(c.sectionId));
}

/** Ids of the focusable cards in reading order (see the file's comment). */
export function readingOrder(cards: readonly EngineCard[], sections: readonly EngineSection[]): number[] {
  const open = new Map(sections.filter((s) => !s.locked).map((s) => [s.id, s]));
  const bySection = new Map<number, Boxed<EngineCard>[]>();
  const loose: Boxed<EngineCard>[] = [];
  for (const card of focusableCards(cards, sections)) {
    const boxed = { item: card, rect: cardRect(card) };
    // A card naming a section the board does not hold reads with the loose ones, where it is drawn.
    if (card.sectionId !== null && open.has(card.sectionId)) {
      const list = bySection.get(card.sectionId) ?? [];
      list.push(boxed);
      bySection.set(card.sectionId, list);
    } else loose.push(boxed);
  }
  const orderedSections = inRows(
    [...bySection.keys()].map((id) => {
      const s = open.get(id)!;
      return { item: s, rect: { ...s.position, ...s.size } };
    }),
  );
  return [...orderedSections.flatMap((s) => inRows(bySection.get(s.id)!)), ...inRows(loose)].map((c) => c.id);
}

/**
 * Where focus goes from `current` (null: nothing focused yet). Next / previous step through `order` and stop at
 * its ends; first / last jump to them; up / down pick from the rows above and below (see the file's comment). From
 * nothing, every move starts at the first card of the order that lies in `viewport` (the first of all when none
 * does), except 'previous' and 'last', which start at the end. Null only when there is no focusable card.
 */
export function moveFocus(
  order: readonly number[],
  rects: ReadonlyMap<number, Rect>,
  current: number | null,
  move: CardFocusMove,
  viewport?: Rect,
): number | null {
  if (order.length === 0) return null;
  const at = current === null ? -1 : order.indexOf(current);
  if (at < 0) {
    if (move === 'previous' || move === 'last') return order[order.length - 1];
    const shown = viewport ? order.find((id) => rectsIntersect(rects.get(id)!, viewport)) : undefined;
    return shown ?? order[0];
  }
  switch (move) {
    case 'first':
      return order[0];
    case 'last':
      return order[order.length - 1];
    case 'next':
      return order[Math.min(at + 1, order.length - 1)];
    case 'previous':
      return order[Math.max(at - 1, 0)];
    case 'up':
    case 'down':
      return verticalNeighbour(order, rects, order[at], move) ?? order[at];
  }
}

function verticalNeighbour(
  order: readonly number[],
  rects: ReadonlyMap<number, Rect>,
  current: number,
  move: 'up' | 'down',
): number | null {
  const from = rects.get(current)!;
  const middleY = (r: Rect) => r.y + r.height / 2;
  const candidates = order
    .filter((id) => id !== current)
    .map((id) => ({ id, rect: rects.get(id)! }))
    .filter(({ rect }) => (move === 'down' ? middleY(rect) > from.y + from.height : middleY(rect) < from.y));
  if (candidates.length === 0) return null;
  // The closest candidate opens the row; the others in it lie within half its height of its near edge.
  let row: typeof candidates;
  if (move === 'down') {
    const anchor = candidates.reduce((a, b) => (b.rect.y < a.rect.y ? b : a));
    row = candidates.filter(({ rect }) => rect.y < anchor.rect.y + anchor.rect.height / 2);
  } else {
    const bottom = (r: Rect) => r.y + r.height;
    const anchor = candidates.reduce((a, b) => (bottom(b.rect) > bottom(a.rect) ? b : a));
    row = candidates.filter(({ rect }) => bottom(rect) > bottom(anchor.rect) - anchor.rect.height / 2);
  }
  const middleX = (r: Rect) => r.x + r.width / 2;
  const target = middleX(from);
  return row.reduce((best, c) => {
    const d = Math.abs(middleX(c.rect) - target) - Math.abs(middleX(best.rect) - target);
    return d < 0 || (d === 0 && c.rect.x < best.rect.x) ? c : best;
  }).id;
}

/** World rectangles of the given cards by id (what moveFocus measures rows with). */
export function cardRects(cards: readonly EngineCard[]): Map<number, Rect> {
  return new Map(cards.map((c) => [c.id, cardRect(c)]));
}
