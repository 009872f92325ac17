import type { BoardChange } from '#shared/schemas/board-ops';
import { cardFromRow } from '../../data/board-content';
import type { Card, Section } from '../../data/wire';

/** A board's cards and sections as this screen holds them. */
export type LocalBoard = { readonly cards: readonly Card[]; readonly sections: readonly Section[] };

/**
 * A change the server applied (an ops answer, or one heard on the board's event stream) merged into this screen's
 * board: its rows replace ours (the server's word wins), removed rows go, new rows come last. Pure.
 *
 * `keepDetails`: the change is this screen's own and did not touch card details, so a card's loaded details stay
 * (a compact row does not carry them); otherwise a changed card is marked as listed without them and they are
 * fetched again when needed.
 */
export function mergeChange(board: LocalBoard, change: BoardChange, options: { keepDetails: boolean }): LocalBoard {
  const removedCards = new Set(change.removedCardIds);
  const removedSections = new Set(change.removedSectionIds);
  const cardRows = new Map(change.cards.map((row) => [row[0], row]));
  const sectionRows = new Map(change.sections.map((s) => [s.id, s]));
  if (removedCards.size + removedSections.size + cardRows.size + sectionRows.size === 0) return board;

  const cards: Card[] = [];
  for (const card of board.cards) {
    if (removedCards.has(card.id)) continue;
    const row = cardRows.get(card.id);
    if (!row) {
      cards.push(card);
      continue;
    }
    cardRows.delete(card.id);
    // Bookmarks are per person: a change's rows do not say this reader's, so the card keeps its own.
    const fresh = { ...cardFromRow(row, change.boardId), isBookmarked: card.isBookmarked };
    cards.push(
      options.keepDetails && card.detailsLoaded !== false
        ? {
            ...fresh,
            detailedDescription: card.detailedDescription,
            featureId: card.featureId,
            createdAt: card.createdAt,
            detailsLoaded: undefined,
          }
        : { ...fresh, featureId: card.featureId, createdAt: card.createdAt },
    );
  }
  for (const row of cardRows.values()) cards.push(cardFromRow(row, change.boardId));

  const sections: Section[] = [];
  for (const section of board.sections) {
    if (removedSections.has(section.id)) continue;
    const row = sectionRows.get(section.id);
    sectionRows.delete(section.id);
    sections.push(row ?? section);
  }
  for (const row of sectionRows.values()) sections.push(row);
  // A card whose section went is unlinked (the server tells such cards too; this covers a card it could not tell).
  const unlinked = removedSections.size
    ? cards.map((c) => (c.sectionId !== null && removedSections.has(c.sectionId) ? { ...c, sectionId: null } : c))
    : cards;
  return { cards: unlinked, sections };
}

/**
 * Cards of the change whose bookmark the bookmarks list must follow: a removed card that was bookmarked, and a new
 * card whose row says bookmarked (a sender's own answer). A card this screen had keeps its own bookmark (merge).
 */
export function bookmarkChanges(before: LocalBoard, change: BoardChange): Card[] {
  const touched = new Set([...change.cards.map((row) => row[0]), ...change.removedCardIds]);
  if (touched.size === 0) return [];
  const was = new Map<number, Card>();
  for (const card of before.cards) if (touched.has(card.id)) was.set(card.id, card);
  const out: Card[] = [];
  for (const row of change.cards) {
    if (!was.has(row[0]) && row[5] === 1) out.push(cardFromRow(row, change.boardId));
  }
  for (const id of change.removedCardIds) {
    const old = was.get(id);
    if (old?.isBookmarked) out.push({ ...old, isBookmarked: 0 });
  }
  return out;
}
