import type { QueryClient } from '@tanstack/react-query';
import { nearestFreeSpot, reflowSections, type ReflowBoard } from '#shared/board-reflow';
import { cardSize } from '#shared/card-geometry';
import type { LayoutUpdate } from '#shared/layout';
import type { Point } from '#engine/types';
import { TOASTS } from '#shared/messages/web';
import { cardKeys, sectionKeys } from '../data/query-keys';
import type { Card, Section } from '../data/wire';
import { applyLayoutCommand } from './apply-layout';
import { batchCommand } from './batch';
import type { Command } from './command';
import { moveCardCommand } from './move-card';
import { moveCardToBoardCommand } from './move-card-to-board';
import { setCardSectionCommand, type SectionChangeSource } from './set-card-section';

/**
 * Card moves that really move: whatever changes a card's section — the context menu, the Move dialog,
 * the selection bar, a drop — also lays out again the sections it left and entered (pushing aside what a grown
 * section now covers) in one layout save, in the same undo step. The engine animates the cards to their new
 * places. A card taken out of every section, or dropped on empty canvas, goes to the nearest free spot.
 */

type Snapshot = { cards: Card[]; sections: Section[] };

function snapshot(queryClient: QueryClient, boardId: number): Snapshot {
  return {
    cards: queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [],
    sections: queryClient.getQueryData<Section[]>(sectionKeys.list(boardId)) ?? [],
  };
}

function toReflow(
  s: Snapshot,
  override: (card: Card) => Partial<Pick<Card, 'sectionId' | 'position'>> | null | undefined,
): ReflowBoard {
  const cards: ReflowBoard['cards'] = [];
  for (const c of s.cards) {
    const o = override(c);
    if (o === null) continue;
    cards.push({
      id: c.id,
      sectionId: o?.sectionId !== undefined ? o.sectionId : (c.sectionId ?? null),
      orientation: c.orientation === 'vertical' ? 'vertical' : 'horizontal',
      position: o?.position ?? c.position,
    });
  }
  return { cards, sections: s.sections.map((x) => ({ id: x.id, position: x.position, size: x.size })) };
}

/** The board after `updates`, as obstacles for a free spot (every card but `except`, and every section). */
function obstacles(board: ReflowBoard, updates: LayoutUpdate[], except: Set<number>) {
  const moved = new Map(updates.map((u) => [`${u.type}:${u.id}`, u]));
  const rects = [];
  for (const c of board.cards) {
    if (except.has(c.id)) continue;
    const p = moved.get(`card:${c.id}`)?.position ?? c.position;
    rects.push({ ...p, ...cardSize(c.orientation) });
  }
  for (const s of board.sections) {
    const u = moved.get(`section:${s.id}`);
    rects.push(u && u.type === 'section' ? { ...u.position, ...u.size } : { ...s.position, ...s.size });
  }
  return rects;
}

/**
 * Places loose cards one by one at the nearest free spot to where they are wanted, each placed one becoming an
 * obstacle for the next. Answers card layout items for those that must move from `from`.
 */
function placeLoose(
  board: ReflowBoard,
  updates: LayoutUpdate[],
  wanted: { id: number; at: Point; from: Point; orientation: 'horizontal' | 'vertical' }[],
): LayoutUpdate[] {
  const placing = new Set(wanted.map((w) => w.id));
  const rects = obstacles(board, updates, placing);
  const out: LayoutUpdate[] = [];
  for (const w of wanted) {
    const size = cardSize(w.orientation);
    const spot = nearestFreeSpot(w.at, size, rects);
    rects.push({ ...spot, ...size });
    if (spot.x !== w.from.x || spot.y !== w.from.y) out.push({ type: 'card', id: w.id, position: spot });
  }
  return out;
}

function orientationOf(c: Card): 'horizontal' | 'vertical' {
  return c.orientation === 'vertical' ? 'vertical' : 'horizontal';
}

/** Sets the cards' section (null: none) and lays the board out around the change, as one undoable step. */
export function moveCardsToSectionCommand(
  queryClient: QueryClient,
  boardId: number,
  cardIds: number[],
  sectionId: number | null,
  source: SectionChangeSource,
  label = sectionId === null ? 'Unlink card from section' : 'Move card to section',
): Command {
  const snap = snapshot(queryClient, boardId);
  const moving = new Set(cardIds);
  const movingCards = snap.cards.filter((c) => moving.has(c.id) && (c.sectionId ?? null) !== sectionId);
  const touched = new Set<number>(movingCards.flatMap((c) => (c.sectionId == null ? [] : [c.sectionId])));
  const changed = new Set(movingCards.map((c) => c.id));
  let updates: LayoutUpdate[];
  if (sectionId !== null) {
    const board = toReflow(snap, (c) => (changed.has(c.id) ? { sectionId } : undefined));
    updates = reflowSections(board, [sectionId, ...touched]);
  } else {
    // Out of every section: close the holes first, then find each card a free place near where it was.
    const board = toReflow(snap, (c) => (changed.has(c.id) ? null : undefined));
    updates = reflowSections(board, [...touched]);
    updates.push(
      ...placeLoose(
        toReflow(snap, (c) => (changed.has(c.id) ? null : undefined)),
        updates,
        movingCards.map((c) => ({ id: c.id, at: c.position, from: c.position, orientation: orientationOf(c) })),
      ),
    );
  }
  // Positions first, then the section changes (whose toast then reports a finished move).
  const commands: Command[] = [];
  if (updates.length) commands.push(applyLayoutCommand(boardId, updates));
  for (const c of movingCards) commands.push(setCardSectionCommand(c.id, sectionId, source));
  return batchCommand(label, commands, { atomic: true });
}

/**
 * A drop from the board: over a section, the cards join it (or stay in it) and it is laid out again with them
 * in the slots nearest to where they were dropped; elsewhere, each card goes to the nearest free spot.
 */
export function dropCardsCommand(
  queryClient: QueryClient,
  boardId: number,
  cardIds: number[],
  dropped: Point[],
  sectionId: number | null,
): Command {
  const snap = snapshot(queryClient, boardId);
  const at = new Map(cardIds.map((id, i) => [id, dropped[i] ?? dropped[0]]));
  const draggedCards = snap.cards.filter((c) => at.has(c.id));
  if (sectionId === null) {
    const board = toReflow(snap, (c) => (at.has(c.id) ? null : undefined));
    const placed = placeLoose(
      board,
      [],
      draggedCards.map((c) => ({
        id: c.id,
        at: at.get(c.id)!,
        from: { x: NaN, y: NaN },
        orientation: orientationOf(c),
      })),
    );
    const commands = placed.map((u) => moveCardCommand(u.id, u.position));
    return batchCommand(cardIds.length > 1 ? 'Move cards' : 'Move card', commands);
  }
  const reassigned = draggedCards.filter((c) => (c.sectionId ?? null) !== sectionId);
  const touched = new Set<number>(reassigned.flatMap((c) => (c.sectionId == null ? [] : [c.sectionId])));
  const board = toReflow(snap, (c) => (at.has(c.id) ? { sectionId, position: at.get(c.id)! } : undefined));
  const updates = reflowSections(board, [sectionId, ...touched]);
  // A dragged card whose slot is exactly where it was dropped still has to be saved there.
  const inUpdates = new Set(updates.filter((u) => u.type === 'card').map((u) => u.id));
  for (const c of draggedCards)
    if (!inUpdates.has(c.id)) updates.push({ type: 'card', id: c.id, position: at.get(c.id)! });
  const commands: Command[] = [
    applyLayoutCommand(boardId, updates),
    ...reassigned.map((c) => setCardSectionCommand(c.id, sectionId, 'drag')),
  ];
  const label = reassigned.length ? 'Move card to section' : cardIds.length > 1 ? 'Move cards' : 'Move card';
  return batchCommand(label, commands, { atomic: true });
}

/** Moves cards to another board and closes the holes they leave in their sections here, as one step. */
export function moveCardsToBoardCommand(
  queryClient: QueryClient,
  fromBoardId: number,
  cardIds: number[],
  toBoardId: number,
  label = 'Move card to board',
): Command {
  const snap = snapshot(queryClient, fromBoardId);
  const leaving = new Set(cardIds);
  const touched = new Set<number>(
    snap.cards.filter((c) => leaving.has(c.id) && c.sectionId != null).map((c) => c.sectionId!),
  );
  const updates = touched.size
    ? reflowSections(
        toReflow(snap, (c) => (leaving.has(c.id) ? null : undefined)),
        [...touched],
      )
    : [];
  const commands: Command[] = cardIds.map((id) => moveCardToBoardCommand(id, toBoardId));
  if (updates.length) commands.push(applyLayoutCommand(fromBoardId, updates));
  return batchCommand(label, commands, { atomic: true });
}

/**
 * A section dragged by its header, with its cards, saved in one layout request (one transaction instead of a
 * request per card); sections and loose cards it now covers below or to its right are pushed aside.
 */
export function moveSectionWithCardsCommand(
  queryClient: QueryClient,
  boardId: number,
  sectionId: number,
  position: Point,
  cardIds: number[],
  moved: Point[],
): Command {
  const snap = snapshot(queryClient, boardId);
  const at = new Map(cardIds.map((id, i) => [id, moved[i]]));
  const board = toReflow(snap, (c) => (at.has(c.id) ? { position: at.get(c.id)! } : undefined));
  board.sections = board.sections.map((s) => (s.id === sectionId ? { ...s, position } : s));
  const section = board.sections.find((s) => s.id === sectionId);
  if (!section) return batchCommand('Move section', []);
  const pushed = reflowSections(board, [sectionId], { relayout: false });
  const own: LayoutUpdate[] = [
    { type: 'section', id: sectionId, position, size: section.size },
    ...cardIds.map((id, i) => ({ type: 'card' as const, id, position: moved[i] })),
  ];
  const ownKeys = new Set(own.map((u) => `${u.type}:${u.id}`));
  const updates = [...own, ...pushed.filter((u) => !ownKeys.has(`${u.type}:${u.id}`))];
  return batchCommand('Move section', [applyLayoutCommand(boardId, updates, TOASTS.sectionPositionFailed)]);
}
