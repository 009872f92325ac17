import { withTransaction } from '../db/transaction';
import { ENTITY_NAMES } from '#shared/messages/board';
import type { Card, CreateCardBody } from '#shared/schemas/card';
import type { Point } from '#shared/layout';
import { boardsRepo, type RepoDb } from '../db/repositories/boards.repo';
import { cardsRepo, type CardRow } from '../db/repositories/cards.repo';
import { sectionsRepo } from '../db/repositories/sections.repo';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { acceptCardImages } from './image-access.service';
import { assertCardVisible, visibleCards, type Viewer } from './section-lock.service';

/** The signed-in user; planId decides which cards the free-plan section lock hides. */
type Owner = Viewer;
type Deps = Pick<AppDeps, 'db'>;

export function toCard(row: CardRow): Card {
  return {
    id: row.id,
    boardId: row.boardId,
    sectionId: row.sectionId ?? null,
    title: row.title,
    description: row.description,
    detailedDescription: row.detailedDescription,
    game: row.game,
    gameLink: row.gameLink,
    images: row.images ?? [],
    tags: row.tags ?? [],
    orientation: row.orientation === 'vertical' ? 'vertical' : 'horizontal',
    isBookmarked: row.isBookmarked ? 1 : 0,
    position: { x: row.x, y: row.y },
    featureId: row.featureId ?? null,
    reasons: row.reasons ?? [],
    createdAt: row.createdAt.toISOString(),
  };
}

/** 404 unless the section exists, is the user's, and sits on `boardId` (another board's section is "not found"). */
async function requireSectionOnBoard(db: RepoDb, user: Owner, sectionId: number, boardId: number): Promise<void> {
  const section = await sectionsRepo.getOwned(db, user.id, sectionId);
  if (!section || section.boardId !== boardId) throw notFound(ENTITY_NAMES.section);
}

export async function listCards(deps: Deps, user: Owner, boardId: number): Promise<Card[]> {
  if (!await boardsRepo.getOwned(deps.db, user.id, boardId)) throw notFound(ENTITY_NAMES.board);
  return (await visibleCards(deps.db, user, await cardsRepo.listOwnedByBoard(deps.db, user.id, boardId))).map(toCard);
}

/** One card with everything the viewer shows (GET /api/cards/:id). */
export async function getCard(deps: Deps, user: Owner, cardId: number): Promise<Card> {
  await assertCardVisible(deps.db, user, cardId);
  const row = await cardsRepo.getOwned(deps.db, user.id, cardId);
  if (!row) throw notFound(ENTITY_NAMES.card);
  return toCard(row);
}

export async function listBookmarks(deps: Deps, user: Owner): Promise<Card[]> {
  return (await visibleCards(deps.db, user, await cardsRepo.listBookmarkedOwned(deps.db, user.id))).map(toCard);
}

export async function createCard(deps: Pick<AppDeps, 'db' | 'clock'>, user: Owner, body: CreateCardBody): Promise<Card> {
  return await withTransaction(deps.db, async (tx) => {
      if (!await boardsRepo.holdOwned(tx, user.id, body.boardId)) throw notFound(ENTITY_NAMES.board);
      const sectionId = body.sectionId ?? null;
      if (sectionId !== null) await requireSectionOnBoard(tx, user, sectionId, body.boardId);
      // Undo of a delete re-creates an own card: its images must be ones this user may show (issue #24: any spelling).
      const { images, showsOwnImages } = await acceptCardImages(tx, user, body.images);
      const [row] = await cardsRepo.insertOnBoard(tx, body.boardId, [
        {
          sectionId,
          title: body.title,
          description: body.description,
          detailedDescription: body.detailedDescription ?? '',
          game: body.game,
          gameLink: body.gameLink,
          images,
          tags: body.tags,
          orientation: body.orientation,
          isBookmarked: body.isBookmarked,
          x: body.position.x,
          y: body.position.y,
          source: showsOwnImages ? 'own' : 'catalogue',
          createdAt: deps.clock.now(),
        },
      ]);
      return toCard(row);
    },
  );
}

export async function toggleBookmark(deps: Deps, user: Owner, cardId: number): Promise<Card> {
  await assertCardVisible(deps.db, user, cardId);
  const row = await cardsRepo.toggleBookmarkOwned(deps.db, user.id, cardId);
  if (!row) throw notFound(ENTITY_NAMES.card);
  return toCard(row);
}

export async function moveCardTo(deps: Deps, user: Owner, cardId: number, position: Point): Promise<Card> {
  await assertCardVisible(deps.db, user, cardId);
  const row = await cardsRepo.updateOwned(deps.db, user.id, cardId, { x: position.x, y: position.y });
  if (!row) throw notFound(ENTITY_NAMES.card);
  return toCard(row);
}

/**
 * Links a card to a section of its own board, or unlinks it (null; the wire's 0 arrives here as null). The card's
 * row is locked while its board is checked, so a move to another board cannot slip in between.
 */
export async function setCardSection(deps: Deps, user: Owner, cardId: number, sectionId: number | null): Promise<Card> {
  return await withTransaction(deps.db, async (tx) => {
      await assertCardVisible(tx, user, cardId);
      const card = await cardsRepo.lockOwned(tx, user.id, cardId);
      if (!card) throw notFound(ENTITY_NAMES.card);
      if (sectionId !== null) await requireSectionOnBoard(tx, user, sectionId, card.boardId);
      return toCard((await cardsRepo.updateOwned(tx, user.id, cardId, { sectionId }))!);
    },
  );
}

/** Moves a card to another of the user's boards; its section stays behind (cleared). Same board: unchanged. */
export async function moveCardToBoard(deps: Deps, user: Owner, cardId: number, boardId: number): Promise<Card> {
  return await withTransaction(deps.db, async (tx) => {
      await assertCardVisible(tx, user, cardId);
      const card = await cardsRepo.lockOwned(tx, user.id, cardId);
      if (!card) throw notFound(ENTITY_NAMES.card);
      if (!await boardsRepo.holdOwned(tx, user.id, boardId)) throw notFound(ENTITY_NAMES.board);
      if (card.boardId === boardId) return toCard(card);
      return toCard((await cardsRepo.updateOwned(tx, user.id, cardId, { boardId, sectionId: null }))!);
    },
  );
}

export async function deleteCard(deps: Deps, user: Owner, cardId: number): Promise<{ success: true; id: number }> {
  await assertCardVisible(deps.db, user, cardId);
  if (!await cardsRepo.deleteOwned(deps.db, user.id, cardId)) throw notFound(ENTITY_NAMES.card);
  return { success: true, id: cardId };
}
