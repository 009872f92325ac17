import { cardSize } from './card-geometry';
import {
  CARD_WIDTH_HORIZONTAL,
  DEFAULT_SECTION_HEIGHT,
  DEFAULT_SECTION_WIDTH,
  LAYOUT_BOARD_WIDTH,
  LAYOUT_COLUMN_WIDTH,
  LAYOUT_GAP,
  LAYOUT_MIN_COLUMNS,
  LAYOUT_START_Y,
  LOCKED_PLACEHOLDERS_PER_FEATURE,
  LOCKED_SLOT_GAP,
  LOCKED_SLOT_HEIGHT,
  LOCKED_SLOT_PADDING,
  LOCKED_SLOT_WIDTH,
  LOOSE_CARD_COLUMNS,
  MAX_CARDS_PER_ROW,
  SECTION_GAP,
  SECTION_PADDING,
} from './constants';

/**
 * The board's auto-layout (spec board-workspace §4 "Auto-layout", numbers from §9), shared by the api and the
 * web so both compute the same positions. Pure and linear in the number of cards and sections.
 *
 * - Each section holds its cards in rows of at most 4, padded by 25 with room for its title on top; an empty
 *   section keeps the default 400×100. A card is 340×280 (horizontal) or 207.5×430 (vertical), 30 apart.
 * - Sections flow left to right, 60 apart, from y = 50, and wrap to a new row past the board width (5000).
 * - Cards with no section (or whose section is not in the input) go in 5 columns under the sections.
 * - Order is the input order, so the same input always gives the same layout.
 *
 * @example
 * const out = layoutBoard({ sections: [{ id: 1 }], cards: [{ id: 7, sectionId: 1, orientation: 'horizontal' }] });
 * // out.sections[0] = { id: 1, position: { x: 0, y: 50 }, size: { width: 400, height: 370 } }
 * // out.cards[0]    = { id: 7, position: { x: 25, y: 115 } }
 */

export type CardOrientation = 'horizontal' | 'vertical';
export type LayoutCardInput = { id: number; sectionId: number | null; orientation: CardOrientation };
/**
 * `size`: the size the section has now, kept (Organize keeps the sizes the user chose by resizing) and
 * grown only where its cards need more room; without it the section takes its cards' size. A free plan's locked
 * section, whose cards are not sent, keeps its placeholder's size this way.
 */
export type LayoutSectionInput = { id: number; size?: Size };
export type Point = { x: number; y: number };
export type Size = { width: number; height: number };
export type LayoutOutput = {
  cards: { id: number; position: Point }[];
  sections: { id: number; position: Point; size: Size }[];
};
/** One placed item of a layout (spec board-workspace §3 "Layout update item"): what the layout intents write. */
export type LayoutUpdate =
  { type: 'card'; id: number; position: Point } | { type: 'section'; id: number; position: Point; size: Size };

/** Room above a section's cards for its title bar (the spec gives padding 25 "plus the title"). */
export const SECTION_TITLE_HEIGHT = 40;
const SECTION_TITLE_HEIGHT_FOR_LOCK = SECTION_TITLE_HEIGHT;
/** The locked placeholder's upgrade button height (engine/model/section-layout.ts draws it). */
export const LOCKED_BUTTON_HEIGHT = 40;

/**
 * Sections wrap to a new row past this width: the spec's "about 5000", and never narrower than its minimum
 * number of columns.
 */
const BOARD_WIDTH = Math.max(LAYOUT_BOARD_WIDTH, LAYOUT_MIN_COLUMNS * LAYOUT_COLUMN_WIDTH);
/** A loose-card column fits the wider (horizontal) card, so both orientations line up in it. */
const LOOSE_COLUMN_STEP = CARD_WIDTH_HORIZONTAL + LAYOUT_GAP;

/**
 * The size a free plan's locked section is laid out at: its placeholder's three empty card slots
 * (spec accounts §9: 200 × 280, gap 90, padding 30) under the title bar, and the upgrade button under them.
 */
export const LOCKED_SECTION_SIZE: Size = {
  width:
    LOCKED_SLOT_PADDING * 2 +
    LOCKED_PLACEHOLDERS_PER_FEATURE * LOCKED_SLOT_WIDTH +
    (LOCKED_PLACEHOLDERS_PER_FEATURE - 1) * LOCKED_SLOT_GAP,
  height:
    SECTION_TITLE_HEIGHT_FOR_LOCK +
    LOCKED_SLOT_PADDING +
    LOCKED_SLOT_HEIGHT +
    LOCKED_SLOT_PADDING +
    LOCKED_BUTTON_HEIGHT +
    LOCKED_SLOT_PADDING,
};

/** Cards of one section, laid out relative to the section's top-left corner, and the section's size. */
type SectionBox = { size: Size; offsets: Point[] };

export function layoutSectionContent(cards: LayoutCardInput[], members: number[]): SectionBox {
  if (members.length === 0) {
    return { size: { width: DEFAULT_SECTION_WIDTH, height: DEFAULT_SECTION_HEIGHT }, offsets: [] };
  }
  const offsets: Point[] = new Array(members.length);
  const top = SECTION_TITLE_HEIGHT + SECTION_PADDING;
  let rowY = top;
  let widest = 0;
  for (let rowStart = 0; rowStart < members.length; rowStart += MAX_CARDS_PER_ROW) {
    const rowEnd = Math.min(rowStart + MAX_CARDS_PER_ROW, members.length);
    let x = SECTION_PADDING;
    let rowHeight = 0;
    for (let i = rowStart; i < rowEnd; i++) {
      const size = cardSize(cards[members[i]].orientation);
      offsets[i] = { x, y: rowY };
      x += size.width + LAYOUT_GAP;
      rowHeight = Math.max(rowHeight, size.height);
    }
    widest = Math.max(widest, x - LAYOUT_GAP);
    rowY += rowHeight + LAYOUT_GAP;
  }
  const contentBottom = rowY - LAYOUT_GAP;
  return {
    size: {
      width: Math.max(DEFAULT_SECTION_WIDTH, widest + SECTION_PADDING),
      height: Math.max(DEFAULT_SECTION_HEIGHT, contentBottom + SECTION_PADDING),
    },
    offsets,
  };
}

/** A section's laid-out box at the size it has now where its cards fit in that (an empty one keeps it as it is). */
function keepSize(box: SectionBox, size: Size | undefined): SectionBox {
  if (!size) return box;
  if (box.offsets.length === 0) return { size, offsets: [] };
  return {
    size: { width: Math.max(box.size.width, size.width), height: Math.max(box.size.height, size.height) },
    offsets: box.offsets,
  };
}

export function layoutBoard(input: { cards: LayoutCardInput[]; sections: LayoutSectionInput[] }): LayoutOutput {
  const { cards, sections } = input;

  // Group card indexes by section in one pass; unknown or absent sections make a card loose.
  const membersBySection = new Map<number, number[]>();
  for (const section of sections) membersBySection.set(section.id, []);
  const loose: number[] = [];
  for (let i = 0; i < cards.length; i++) {
    const sectionId = cards[i].sectionId;
    const members = sectionId == null ? undefined : membersBySection.get(sectionId);
    if (members) members.push(i);
    else loose.push(i);
  }
  const positions: Point[] = new Array(cards.length);

  // Sections flow in rows that wrap at the board width.
  const outSections: LayoutOutput['sections'] = [];
  const placedSectionIds = new Set<number>();
  let x = 0;
  let rowY = LAYOUT_START_Y;
  let rowHeight = 0;
  for (const section of sections) {
    if (placedSectionIds.has(section.id)) continue; // a repeated id is laid out once
    placedSectionIds.add(section.id);
    const members = membersBySection.get(section.id)!;
    const box = keepSize(layoutSectionContent(cards, members), section.size);
    if (x > 0 && x + box.size.width > BOARD_WIDTH) {
      rowY += rowHeight + SECTION_GAP;
      x = 0;
      rowHeight = 0;
    }
    const position = { x, y: rowY };
    outSections.push({ id: section.id, position, size: box.size });
    for (let i = 0; i < members.length; i++) {
      positions[members[i]] = { x: x + box.offsets[i].x, y: rowY + box.offsets[i].y };
    }
    x += box.size.width + SECTION_GAP;
    rowHeight = Math.max(rowHeight, box.size.height);
  }

  // Loose cards: 5 columns, row by row, under the last row of sections.
  let looseY = outSections.length > 0 ? rowY + rowHeight + SECTION_GAP : LAYOUT_START_Y;
  for (let rowStart = 0; rowStart < loose.length; rowStart += LOOSE_CARD_COLUMNS) {
    const rowEnd = Math.min(rowStart + LOOSE_CARD_COLUMNS, loose.length);
    let tallest = 0;
    for (let i = rowStart; i < rowEnd; i++) {
      positions[loose[i]] = { x: (i - rowStart) * LOOSE_COLUMN_STEP, y: looseY };
      tallest = Math.max(tallest, cardSize(cards[loose[i]].orientation).height);
    }
    looseY += tallest + LAYOUT_GAP;
  }

  return {
    cards: cards.map((card, i) => ({ id: card.id, position: positions[i] })),
    sections: outSections,
  };
}
