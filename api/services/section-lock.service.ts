import { withTransaction } from '../db/transaction';
import { decideSectionLocks, isFreePlan } from '#shared/section-lock';
import { FREE_PLAN_ID } from '#shared/plans';
import { boardsRepo, type RepoDb } from '../db/repositories/boards.repo';
import { cardsRepo } from '../db/repositories/cards.repo';
import { sectionLocksRepo } from '../db/repositories/section-locks.repo';
import { notFound } from '../errors';

/** The viewer of a board: whose it is, and on which plan (the lock depends on it). */
export type Viewer = { id: number; planId: number };

/**
 * Decides, once, the free-plan lock of the board's sections that have none yet (spec accounts §4).
 * Every route that creates sections calls it in the same transaction, right after the insert; titles the user
 * changes later never decide again. A paid owner's sections stay undecided until a downgrade, or until the board
 * is copied through a share link (decideLocksForCopy).
 *
 * The decision depends on what the board holds and on its owner's plan, so it is made with the board's content
 * locked (sectionLocksRepo.lockBoardContent), reading both after the lock: two section inserts at once decide one
 * after the other, and an upgrade committed meanwhile is seen. A board with nothing undecided opens no transaction.
 *
 * `keepOpen`: a new section that must stay open, a query's answer (its first section by relevance): a free user
 * who asks a question sees its answer, and the plan's share is taken from the other sections (decideSectionLocks).
 */
export async function decideNewSectionLocks(
  db: RepoDb,
  boardId: number,
  options: { keepOpen?: number } = {},
): Promise<void> {
  const board = await sectionLocksRepo.boardForDecision(db, boardId);
  if (!board || !isFreePlan(board.planId)) return;
  if ((await sectionLocksRepo.undecided(db, boardId)).undecided.length === 0) return;
  await withTransaction(db, async (tx) => {
    await sectionLocksRepo.lockBoardContent(tx, boardId);
    const owner = await sectionLocksRepo.boardForDecision(tx, boardId);
    if (owner && isFreePlan(owner.planId)) await decideUndecidedSections(tx, boardId, owner.title, options.keepOpen);
  });
}

/**
 * Before a share copy is made (inside the copy's transaction): every section of the source gets its free-plan
 * lock decided, whatever the owner's plan (a paid owner's board may go to a free recipient), and the source's
 * content stays locked until that transaction ends, so the copy reads exactly what was decided. The copy carries
 * these decisions, sections and cards alike; it is never decided afresh, so renames, deletes and reopening the
 * link show every copy the same cards (ADR 0004).
 */
export async function decideLocksForCopy(tx: RepoDb, sourceBoardId: number): Promise<void> {
  await sectionLocksRepo.lockBoardContent(tx, sourceBoardId);
  const board = await sectionLocksRepo.boardForDecision(tx, sourceBoardId);
  if (board) await decideUndecidedSections(tx, sourceBoardId, board.title);
}

/** Decides and stores the board's undecided sections as one batch (the board's content already locked). */
async function decideUndecidedSections(
  tx: RepoDb,
  boardId: number,
  boardTitle: string,
  keepOpen?: number,
): Promise<void> {
  const { undecided, decidedCount } = await sectionLocksRepo.undecided(tx, boardId);
  if (undecided.length === 0) return;
  const locked = decideSectionLocks(boardTitle, undecided, decidedCount, keepOpen ?? null);
  await sectionLocksRepo.storeDecision(
    tx,
    undecided.filter((s) => locked.has(s.id)).map((s) => s.id),
    undecided.filter((s) => !locked.has(s.id)).map((s) => s.id),
  );
}

/**
 * A plan change. Upgrading lifts every lock; moving to the free plan decides, once, the sections that exist then
 * (each board's undecided sections as one batch: the whole board after an upgrade).
 */
export async function applyPlanChangeToLocks(
  db: RepoDb,
  userId: number,
  fromPlanId: number,
  toPlanId: number,
): Promise<void> {
  if (isFreePlan(fromPlanId) && !isFreePlan(toPlanId)) await sectionLocksRepo.clearForUser(db, userId);
  if (isFreePlan(toPlanId)) await decideUndecidedLocks(db, userId);
}

/**
 * Decides the sections of free users that have no decision yet: at start (boards that predate stored locks, where
 * it reproduces the lock those users saw), and on a downgrade for one user.
 */
export async function decideUndecidedLocks(db: RepoDb, userId?: number): Promise<number> {
  const boardIds = await sectionLocksRepo.boardsAwaitingDecision(db, FREE_PLAN_ID, userId);
  for (const boardId of boardIds) await decideNewSectionLocks(db, boardId);
  return boardIds.length;
}

/**
 * The sections of one of the viewer's boards that the free plan locks. Locked cards are filtered here, on the
 * server: a free user never receives them through any endpoint (SECURITY.md). A section that somehow has no
 * decision yet (a path that forgot to decide) is decided now, before anything is shown.
 */
export async function lockedSectionsOfBoard(db: RepoDb, viewer: Viewer, boardId: number): Promise<Set<number>> {
  if (!isFreePlan(viewer.planId)) return new Set();
  if (!(await boardsRepo.getOwned(db, viewer.id, boardId))) return new Set();
  await decideNewSectionLocks(db, boardId);
  return new Set(await sectionLocksRepo.lockedSectionIds(db, boardId));
}

/** How many of a board's cards the viewer cannot see (those in its locked sections): none above the free plan. */
export async function hiddenCardCount(db: RepoDb, viewer: Viewer, boardId: number): Promise<number> {
  if (!isFreePlan(viewer.planId)) return 0;
  await lockedSectionsOfBoard(db, viewer, boardId);
  return (await sectionLocksRepo.hiddenCardIds(db, boardId)).length;
}

/** Drops the cards a free viewer may not see: those that have sat in a locked section (cards.locked). */
export async function visibleCards<T extends { id: number; boardId: number }>(
  db: RepoDb,
  viewer: Viewer,
  cards: T[],
): Promise<T[]> {
  if (!isFreePlan(viewer.planId)) return cards;
  const hidden = new Set<number>();
  for (const boardId of new Set(cards.map((card) => card.boardId))) {
    await lockedSectionsOfBoard(db, viewer, boardId);
    for (const id of await sectionLocksRepo.hiddenCardIds(db, boardId)) hidden.add(id);
  }
  return cards.filter((card) => !hidden.has(card.id));
}

/** A card hidden by the lock is, for a free user, a card that does not exist: 404 like any other. */
export async function assertCardVisible(db: RepoDb, viewer: Viewer, cardId: number): Promise<void> {
  if (!isFreePlan(viewer.planId)) return;
  const card = await cardsRepo.getOwned(db, viewer.id, cardId);
  if (!card) throw notFound('card');
  if (card.sectionId !== null) await lockedSectionsOfBoard(db, viewer, card.boardId);
  if (await sectionLocksRepo.isCardHidden(db, cardId)) throw notFound('card');
}
