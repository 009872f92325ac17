import { cardRect, cardSize } from './card-geometry';
import { LAYOUT_GAP, SECTION_GAP } from './constants';
import { layoutSectionContent, type CardOrientation, type LayoutUpdate, type Point, type Size } from './layout';

/**
 * Local re-layout after a card changes section or is dropped ("Moves that really move"): the sections
 * a card left and entered are laid out again where they stand, and whatever a grown section now covers is pushed
 * out of its way, so no move leaves two cards overlapping. A card dropped on empty canvas goes to the nearest free
 * spot. Pure and shared, like layout.ts: board-intents.ts builds the drop and move intents on it, which the server
 * writes inside the batch and the web predicts.
 *
 * @example
 * const updates = reflowSections(board, [enteredId, leftId]);
 * // updates: the new position (and size, for a section) of every item that moved
 */

export type ReflowCard = { id: number; sectionId: number | null; orientation: CardOrientation; position: Point };
export type ReflowSection = { id: number; position: Point; size: Size };
export type ReflowBoard = { cards: ReflowCard[]; sections: ReflowSection[] };
type Rect = { x: number; y: number; width: number; height: number };

function intersects(a: Rect, b: Rect, margin = 0): boolean {
  return (
    a.x < b.x + b.width + margin &&
    b.x < a.x + a.width + margin &&
    a.y < b.y + b.height + margin &&
    b.y < a.y + a.height + margin
  );
}

function sectionRect(s: ReflowSection): Rect {
  return { ...s.position, ...s.size };
}

/** One row pitch: cards whose centres fall in the same band are taken as one row when ordering. */
const ROW_BAND = cardSize('horizontal').height + LAYOUT_GAP;

/**
 * A section's members in reading order of where they are now (row band, then x), so a card dropped between two
 * others takes that slot. Cards lying outside the section (just assigned by a menu or dialog) come last, in their
 * given order.
 */
function readingOrder(
  section: ReflowSection,
  members: ReflowCard[],
  first: ReadonlySet<number> = new Set(),
): ReflowCard[] {
  const box = sectionRect(section);
  const inside: { card: ReflowCard; band: number; x: number }[] = [];
  const outside: ReflowCard[] = [];
  for (const card of members) {
    const r = cardRect(card);
    const cx = r.x + r.width / 2;
    const cy = r.y + r.height / 2;
    if (cx >= box.x && cx < box.x + box.width && cy >= box.y && cy < box.y + box.height) {
      inside.push({ card, band: Math.floor((cy - box.y) / ROW_BAND), x: cx });
    } else outside.push(card);
  }
  // A card put exactly where another stands (a restored card back in its old slot) takes the slot before it.
  const rank = (card: ReflowCard) => (first.has(card.id) ? 0 : 1);
  inside.sort((a, b) => a.band - b.band || a.x - b.x || rank(a.card) - rank(b.card));
  return [...inside.map((i) => i.card), ...outside];
}

/** Something that moves as one when pushed: a section with its cards, or a loose card. */
type Block = { rect: Rect; sectionId: number | null; cardIds: number[] };

/**
 * Lays out again the given sections in place (their top-left corners stay) and pushes sections and loose cards
 * that a grown section now overlaps to the right or down, whichever is the shorter way, cascading. Answers only
 * the items whose position or size changed. `relayout: false` only pushes (a section just dragged somewhere);
 * `first`: cards that take a slot before another card standing at exactly the same place.
 */
export function reflowSections(
  board: ReflowBoard,
  sectionIds: readonly number[],
  options: { relayout?: boolean; first?: ReadonlySet<number> } = {},
): LayoutUpdate[] {
  const cards = new Map(board.cards.map((c) => [c.id, { ...c, position: { ...c.position } }]));
  const sections = new Map(
    board.sections.map((s) => [s.id, { ...s, position: { ...s.position }, size: { ...s.size } }]),
  );
  const membersOf = new Map<number, ReflowCard[]>();
  for (const card of cards.values()) {
    if (card.sectionId === null || !sections.has(card.sectionId)) continue;
    const list = membersOf.get(card.sectionId) ?? [];
    list.push(card);
    membersOf.set(card.sectionId, list);
  }

  const reflowed = new Set<number>();
  for (const id of sectionIds) {
    const section = sections.get(id);
    if (!section || reflowed.has(id)) continue;
    reflowed.add(id);
    if (options.relayout === false) continue;
    const ordered = readingOrder(section, membersOf.get(id) ?? [], options.first);
    const box = layoutSectionContent(
      ordered,
      ordered.map((_, i) => i),
    );
    section.size = box.size;
    ordered.forEach(
      (card, i) =>
        (card.position = { x: section.position.x + box.offsets[i].x, y: section.position.y + box.offsets[i].y }),
    );
  }

  pushApart(cards, sections, membersOf, reflowed);
  return changes(board, cards, sections);
}

function pushApart(
  cards: Map<number, ReflowCard>,
  sections: Map<number, ReflowSection>,
  membersOf: Map<number, ReflowCard[]>,
  reflowed: Set<number>,
): void {
  const blocks: Block[] = [];
  const pushers: Block[] = [];
  for (const s of sections.values()) {
    const block = { rect: sectionRect(s), sectionId: s.id, cardIds: (membersOf.get(s.id) ?? []).map((c) => c.id) };
    blocks.push(block);
    if (reflowed.has(s.id)) pushers.push(block);
  }
  for (const c of cards.values()) {
    if (c.sectionId === null || !sections.has(c.sectionId))
      blocks.push({ rect: cardRect(c), sectionId: null, cardIds: [c.id] });
  }
  const queue = [...pushers];
  // Each push moves a block strictly right or down, so this ends; the cap only guards against bad input.
  let budget = (blocks.length + 1) * (pushers.length + 4);
  while (queue.length > 0 && budget-- > 0) {
    const pusher = queue.shift()!;
    const r = pusher.rect;
    for (const block of blocks) {
      if (block === pusher) continue;
      const b = block.rect;
      const margin = block.sectionId === null && pusher.sectionId === null ? LAYOUT_GAP : SECTION_GAP;
      if (!intersects(r, b, margin - 1)) continue;
      // Only what lies right of or below the pusher's corner is pushed (a grown section grows right and down).
      const right = b.x >= r.x ? r.x + r.width + margin - b.x : Infinity;
      const down = b.y >= r.y ? r.y + r.height + margin - b.y : Infinity;
      if (right === Infinity && down === Infinity) continue;
      const dx = right <= down ? right : 0;
      const dy = right <= down ? 0 : down;
      moveBlock(block, dx, dy, cards, sections);
      queue.push(block);
    }
  }
}

function moveBlock(
  block: Block,
  dx: number,
  dy: number,
  cards: Map<number, ReflowCard>,
  sections: Map<number, ReflowSection>,
): void {
  block.rect = { ...block.rect, x: block.rect.x + dx, y: block.rect.y + dy };
  if (block.sectionId !== null) {
    const s = sections.get(block.sectionId)!;
    s.position = { x: s.position.x + dx, y: s.position.y + dy };
  }
  for (const id of block.cardIds) {
    const c = cards.get(id)!;
    c.position = { x: c.position.x + dx, y: c.position.y + dy };
  }
}

function changes(
  before: ReflowBoard,
  cards: Map<number, ReflowCard>,
  sections: Map<number, ReflowSection>,
): LayoutUpdate[] {
  const out: LayoutUpdate[] = [];
  for (const c of before.cards) {
    const now = cards.get(c.id)!;
    if (now.position.x !== c.position.x || now.position.y !== c.position.y)
      out.push({ type: 'card', id: c.id, position: now.position });
  }
  for (const s of before.sections) {
    const now = sections.get(s.id)!;
    const same =
      now.position.x === s.position.x &&
      now.position.y === s.position.y &&
      now.size.width === s.size.width &&
      now.size.height === s.size.height;
    if (!same) out.push({ type: 'section', id: s.id, position: now.position, size: now.size });
  }
  return out;
}

/** Grid step of the search for a free spot, and how far it looks (in steps) before giving up. */
const FREE_SPOT_STEP = LAYOUT_GAP;
const FREE_SPOT_RINGS = 80;

/**
 * The nearest position to `wanted` where a card of this size overlaps no obstacle (cards and sections), keeping
 * half a gap clear around it. Searches outward ring by ring on a 30-unit grid; answers `wanted` when it is free.
 */
export function nearestFreeSpot(wanted: Point, size: Size, obstacles: readonly Rect[]): Point {
  const margin = LAYOUT_GAP / 2;
  const reach = FREE_SPOT_STEP * FREE_SPOT_RINGS;
  const near = obstacles.filter((o) =>
    intersects(
      { x: wanted.x - reach, y: wanted.y - reach, width: size.width + 2 * reach, height: size.height + 2 * reach },
      o,
      margin,
    ),
  );
  const free = (p: Point) => !near.some((o) => intersects({ ...p, ...size }, o, margin - 1e-6));
  if (free(wanted)) return wanted;
  for (let ring = 1; ring <= FREE_SPOT_RINGS; ring++) {
    const candidates: Point[] = [];
    for (let i = -ring; i <= ring; i++) {
      for (let j = -ring; j <= ring; j++) {
        if (Math.max(Math.abs(i), Math.abs(j)) !== ring) continue;
        candidates.push({ x: wanted.x + i * FREE_SPOT_STEP, y: wanted.y + j * FREE_SPOT_STEP });
      }
    }
    candidates.sort((a, b) => Math.hypot(a.x - wanted.x, a.y - wanted.y) - Math.hypot(b.x - wanted.x, b.y - wanted.y));
    const found = candidates.find(free);
    if (found) return found;
  }
  return wanted;
}
