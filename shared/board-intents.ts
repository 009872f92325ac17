import { nearestFreeSpot, reflowSections, type ReflowBoard } from './board-reflow';
import { cardSize } from './card-geometry';
import {
  LOCKED_SECTION_SIZE,
  layoutBoard,
  type CardOrientation,
  type LayoutOutput,
  type LayoutUpdate,
  type Point,
  type Size,
} from './layout';

/**
 * What a user meant, turned into positions: the one implementation of the board's layout intents. The server runs
 * it inside the write, on the board as it is then (api/services/board-ops); the web runs the same functions on its
 * copy to show the outcome at once, before the server's answer (web/data/board-predict.ts). Pure.
 *
 * @example
 * const { sections, updates } = placeCards(board, { ids: [7, 8], sectionId: 3, at: [{ x: 40, y: 90 }] });
 */

export type { ReflowBoard } from './board-reflow';

/** Cards into a section (null: onto the canvas), each at its drop point when there is one. */
export type PlaceIntent = { ids: readonly number[]; sectionId: number | null; at?: readonly Point[] };

/** The outcome of an intent: the cards whose section changes, and the positions and sizes that change. */
export type IntentOutcome = { sections: { id: number; sectionId: number | null }[]; updates: LayoutUpdate[] };

function same(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

/** The items of `after` that differ from `before` (both the same board, positions maybe changed). */
function differences(before: ReflowBoard, after: ReflowBoard): LayoutUpdate[] {
  const out: LayoutUpdate[] = [];
  const cards = new Map(after.cards.map((c) => [c.id, c]));
  for (const c of before.cards) {
    const now = cards.get(c.id);
    if (now && !same(now.position, c.position)) out.push({ type: 'card', id: c.id, position: now.position });
  }
  const sections = new Map(after.sections.map((s) => [s.id, s]));
  for (const s of before.sections) {
    const now = sections.get(s.id);
    if (!now) continue;
    if (!same(now.position, s.position) || now.size.width !== s.size.width || now.size.height !== s.size.height)
      out.push({ type: 'section', id: s.id, position: now.position, size: now.size });
  }
  return out;
}

/** The board with `updates` applied (a new object; the input is left as it was). */
export function withUpdates(board: ReflowBoard, updates: readonly LayoutUpdate[]): ReflowBoard {
  const cards = new Map<number, Point>();
  const sections = new Map<number, { position: Point; size: Size }>();
  for (const u of updates) {
    if (u.type === 'card') cards.set(u.id, u.position);
    else sections.set(u.id, { position: u.position, size: u.size });
  }
  return {
    cards: board.cards.map((c) => (cards.has(c.id) ? { ...c, position: cards.get(c.id)! } : c)),
    sections: board.sections.map((s) => (sections.has(s.id) ? { ...s, ...sections.get(s.id)! } : s)),
  };
}

/**
 * Puts cards into a section: they join it in the slots nearest their drop points (without one, after its cards),
 * the section is laid out again where it stands with the sections they left, and whatever a grown section now
 * covers is pushed aside. Onto the canvas (null), the sections they left close up and each card goes to the
 * nearest free spot to its drop point (or to where it is). Cards not on the board are left out.
 */
export function placeCards(board: ReflowBoard, intent: PlaceIntent): IntentOutcome {
  const byId = new Map(board.cards.map((c) => [c.id, c]));
  const ids = [...new Set(intent.ids)].filter((id) => byId.has(id));
  const dropAt = new Map<number, Point>();
  if (intent.at && intent.at.length > 0) ids.forEach((id, i) => dropAt.set(id, intent.at![i] ?? intent.at![0]));
  const moving = new Set(ids);
  const target = intent.sectionId;
  const left = new Set<number>();
  const sections: IntentOutcome['sections'] = [];
  for (const id of ids) {
    const from = byId.get(id)!.sectionId;
    if (from === target) continue;
    if (from !== null) left.add(from);
    sections.push({ id, sectionId: target });
  }
  if (target !== null) {
    const placed: ReflowBoard = {
      cards: board.cards.map((c) =>
        moving.has(c.id) ? { ...c, sectionId: target, position: dropAt.get(c.id) ?? c.position } : c,
      ),
      sections: board.sections,
    };
    const after = withUpdates(placed, reflowSections(placed, [target, ...left], { first: moving }));
    return { sections, updates: differences(board, after) };
  }
  const rest: ReflowBoard = { cards: board.cards.filter((c) => !moving.has(c.id)), sections: board.sections };
  const closed = reflowSections(rest, [...left]);
  const after = withUpdates(rest, closed);
  const rects = [
    ...after.cards.map((c) => ({ ...c.position, ...cardSize(c.orientation) })),
    ...after.sections.map((s) => ({ ...s.position, ...s.size })),
  ];
  const updates: LayoutUpdate[] = [...closed];
  for (const id of ids) {
    const card = byId.get(id)!;
    const size = cardSize(card.orientation);
    const spot = nearestFreeSpot(dropAt.get(id) ?? card.position, size, rects);
    rects.push({ ...spot, ...size });
    if (!same(spot, card.position)) updates.push({ type: 'card', id, position: spot });
  }
  return { sections, updates };
}

/**
 * Lays the given sections out again where they stand, closing the holes removed cards left; `first` are cards
 * just put back, which take their old slot before a card that moved up into it.
 */
export function closeGaps(
  board: ReflowBoard,
  sectionIds: readonly number[],
  first: ReadonlySet<number> = new Set(),
): LayoutUpdate[] {
  if (sectionIds.length === 0) return [];
  return reflowSections(board, sectionIds, { first });
}

/** A section as Organize sees it: `locked` when the viewer's plan shows it as a locked placeholder. */
export type OrganizeSection = { id: number; size: Size; locked: boolean };
export type OrganizeCard = { id: number; sectionId: number | null; orientation: CardOrientation };

/**
 * Organize Cards: the shared auto-layout over the whole board. Open sections come before locked ones (the results
 * are what is seen first); an open section keeps the size it has (the user may have chosen it), grown only where
 * its cards need room; a locked one keeps its placeholder's size.
 */
export function organizeLayout(input: {
  cards: readonly OrganizeCard[];
  sections: readonly OrganizeSection[];
}): LayoutOutput {
  return layoutBoard({
    cards: input.cards.map((c) => ({ id: c.id, sectionId: c.sectionId, orientation: c.orientation })),
    sections: [
      ...input.sections.filter((s) => !s.locked).map((s) => ({ id: s.id, size: s.size })),
      ...input.sections.filter((s) => s.locked).map((s) => ({ id: s.id, size: LOCKED_SECTION_SIZE })),
    ],
  });
}

/**
 * A section dragged by its header to `position`: its cards travel with it, and the sections and loose cards it
 * now covers below or to its right are pushed aside.
 */
export function moveSectionWithCards(board: ReflowBoard, sectionId: number, position: Point): LayoutUpdate[] {
  const section = board.sections.find((s) => s.id === sectionId);
  if (!section) return [];
  const dx = position.x - section.position.x;
  const dy = position.y - section.position.y;
  const moved: ReflowBoard = {
    cards: board.cards.map((c) =>
      c.sectionId === sectionId ? { ...c, position: { x: c.position.x + dx, y: c.position.y + dy } } : c,
    ),
    sections: board.sections.map((s) => (s.id === sectionId ? { ...s, position } : s)),
  };
  const after = withUpdates(moved, reflowSections(moved, [sectionId], { relayout: false }));
  return differences(board, after);
}
