import { decideSectionLocks, isFreePlan } from '../../shared/section-lock';
import { FREE_PLAN_ID } from '../../shared/plans';
import { ENTITY_NAMES } from '../../shared/messages/board';
import { boardsRepo, type RepoDb } from '../db/repositories/boards.repo';
import { cardsRepo } from '../db/repositories/cards.repo';
import { sectionLocksRepo } from '../db/repositories/section-locks.repo';
import { notFound } from '../errors';

/** The viewer of a board: whose it is, and on which plan (the lock depends on it). */
export type Viewer = { id: number; planId: number };

/**
 * Decides, once, the free-plan lock of the board's sections that have none yet (spec accounts §4, issue #14).
 * Every route that creates sections calls it in the same transaction, right after the insert; titles the user
 * changes later never decide again. A paid owner's sections stay undecided until a downgrade.
 */
export function decideNewSectionLocks(db: RepoDb, boardId: number): void {
  const board = sectionLocksRepo.boardForDecision(db, boardId);
  if (!board || !isFreePlan(board.planId)) return;
  const { undecided, decidedCount } = sectionLocksRepo.undecided(db, boardId);
  if (undecided.length === 0) return;
  const locked = decideSectionLocks(board.title, undecided, decidedCount);
  sectionLocksRepo.storeDecision(
    db,
    undecided.filter((s) => locked.has(s.id)).map((s) => s.id),
    undecided.filter((s) => !locked.has(s.id)).map((s) => s.id),
  );
}

/**
 * A plan change. Upgrading lifts every lock; moving to the free plan decides, once, the sections that exist then
 * (each board's undecided sections as one batch: the whole board after an upgrade).
 */
export function applyPlanChangeToLocks(db: RepoDb, userId: number, fromPlanId: number, toPlanId: number): void {
  if (isFreePlan(fromPlanId) && !isFreePlan(toPlanId)) sectionLocksRepo.clearForUser(db, userId);
  if (isFreePlan(toPlanId)) decideUndecidedLocks(db, userId);
}

/**
 * Decides the sections of free users that have no decision yet: at start (boards that predate stored locks, where
 * it reproduces the lock those users saw), and on a downgrade for one user.
 */
export function decideUndecidedLocks(db: RepoDb, userId?: number): number {
  const boardIds = sectionLocksRepo.boardsAwaitingDecision(db, FREE_PLAN_ID, userId);
  for (const boardId of boardIds) decideNewSectionLocks(db, boardId);
  return boardIds.length;
}

/**
 * The sections of one of the viewer's boards that the free plan locks. Locked cards are filtered here, on the
 * server: a free user never receives them through any endpoint (SECURITY.md). A section that somehow has no
 * decision yet (a path that forgot to decide) is decided now, before anything is shown.
 */
export function lockedSectionsOfBoard(db: RepoDb, viewer: Viewer, boardId: number): Set<number> {
  if (!isFreePlan(viewer.planId)) return new Set();
  if (!boardsRepo.getOwned(db, viewer.id, boardId)) return new Set();
  decideNewSectionLocks(db, boardId);
  return new Set(sectionLocksRepo.lockedSectionIds(db, boardId));
}

/** Drops the cards a free viewer may not see: those that have sat in a locked section (cards.locked). */
export function visibleCards<T extends { id: number; boardId: number }>(db: RepoDb, viewer: Viewer, cards: T[]): T[] {
  if (!isFreePlan(viewer.planId)) return cards;
  const hidden = new Set<number>();
  for (const boardId of new Set(cards.map((card) => card.boardId))) {
    lockedSectionsOfBoard(db, viewer, boardId);
    for (const id of sectionLocksRepo.hiddenCardIds(db, boardId)) hidden.add(id);
  }
  return cards.filter((card) => !hidden.has(card.id));
}

/** A card hidden by the lock is, for a free user, a card that does not exist: 404 like any other. */
export function assertCardVisible(db: RepoDb, viewer: Viewer, cardId: number): void {
  if (!isFreePlan(viewer.planId)) return;
  const card = cardsRepo.getOwned(db, viewer.id, cardId);
  if (!card) throw notFound(ENTITY_NAMES.card);
  if (card.sectionId !== null) lockedSectionsOfBoard(db, viewer, card.boardId);
  if (sectionLocksRepo.isCardHidden(db, cardId)) throw notFound(ENTITY_NAMES.card);
}
