import { isFreePlan, lockedSectionIds } from '../../shared/section-lock';
import { ENTITY_NAMES } from '../../shared/messages/board';
import { boardsRepo, type RepoDb } from '../db/repositories/boards.repo';
import { cardsRepo } from '../db/repositories/cards.repo';
import { sectionsRepo } from '../db/repositories/sections.repo';
import { notFound } from '../errors';

/** The viewer of a board: whose it is, and on which plan (the lock depends on it). */
export type Viewer = { id: number; planId: number };

/**
 * The sections of one of the viewer's boards that the free plan locks (spec accounts §4). Locked cards are
 * filtered here, on the server: a free user never receives them through any endpoint (SECURITY.md).
 */
export function lockedSectionsOfBoard(db: RepoDb, viewer: Viewer, boardId: number): Set<number> {
  if (!isFreePlan(viewer.planId)) return new Set();
  const board = boardsRepo.getOwned(db, viewer.id, boardId);
  if (!board) return new Set();
  const sections = sectionsRepo.listOwnedByBoard(db, viewer.id, boardId);
  return lockedSectionIds(viewer.planId, board.title, sections);
}

/** Drops the cards that sit in locked sections, computing each board's lock once. */
export function visibleCards<T extends { boardId: number; sectionId: number | null }>(db: RepoDb, viewer: Viewer, cards: T[]): T[] {
  if (!isFreePlan(viewer.planId)) return cards;
  const lockedByBoard = new Map<number, Set<number>>();
  return cards.filter((card) => {
    if (card.sectionId === null) return true;
    let locked = lockedByBoard.get(card.boardId);
    if (!locked) {
      locked = lockedSectionsOfBoard(db, viewer, card.boardId);
      lockedByBoard.set(card.boardId, locked);
    }
    return !locked.has(card.sectionId);
  });
}

/** A card in a locked section is, for a free user, a card that does not exist: 404 like any other. */
export function assertCardVisible(db: RepoDb, viewer: Viewer, cardId: number): void {
  if (!isFreePlan(viewer.planId)) return;
  const card = cardsRepo.getOwned(db, viewer.id, cardId);
  if (!card) throw notFound(ENTITY_NAMES.card);
  if (card.sectionId !== null && lockedSectionsOfBoard(db, viewer, card.boardId).has(card.sectionId)) {
    throw notFound(ENTITY_NAMES.card);
  }
}
