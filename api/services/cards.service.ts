import type { Card, CreateCardBody } from '#shared/schemas/card';
import type { Point } from '#shared/layout';
import { cardBookmarksRepo } from '../db/repositories/card-bookmarks.repo';
import { cardsRepo, type CardRow } from '../db/repositories/cards.repo';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { requireBoardRole } from './board-ops/board-access';
import { writeBoard, type BoardWrite } from './board-ops/board-write';
import * as ops from './board-ops/card-ops';
import { setOwnBookmarks } from './board-ops/own-bookmarks';
import { assertCardVisible, visibleCards, type Viewer } from './section-lock.service';

/** The signed-in user; planId decides which cards the free-plan section lock hides. */
type Owner = Viewer;
type Deps = Pick<AppDeps, 'db'>;
type WriteDeps = Pick<AppDeps, 'db' | 'clock' | 'eventHub'>;

/** `bookmarked`: the reader's own bookmark of the card (bookmarks are per person). */
export function toCard(row: CardRow, bookmarked: boolean): Card {
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
    isBookmarked: bookmarked ? 1 : 0,
    position: { x: row.x, y: row.y },
    featureId: row.featureId ?? null,
    reasons: row.reasons ?? [],
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCards(deps: Deps, user: Owner, boardId: number): Promise<Card[]> {
  const { owner } = await requireBoardRole(deps.db, user, boardId, 'viewer');
  const rows = await visibleCards(deps.db, owner, await cardsRepo.listOwnedByBoard(deps.db, owner.id, boardId));
  return withBookmarks(deps, user, rows);
}

/** Cards as the reader sees them: with their own bookmarks. */
export async function withBookmarks(deps: Deps, reader: Owner, rows: CardRow[]): Promise<Card[]> {
  const mine = await cardBookmarksRepo.bookmarkedOf(
    deps.db,
    reader.id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCard(row, mine.has(row.id)));
}

/** One card with everything the viewer shows (GET /api/cards/:id); a member's too, as the board's owner sees it. */
export async function getCard(deps: WriteDeps, user: Owner, cardId: number): Promise<Card> {
  const reached = await cardsRepo.getReachable(deps.db, user.id, cardId);
  if (!reached) throw notFound('card');
  const { owner } = await requireBoardRole(deps.db, user, reached.boardId, 'viewer');
  await assertCardVisible(deps.db, owner, cardId);
  const row = await cardsRepo.getOwned(deps.db, owner.id, cardId);
  if (!row) throw notFound('card');
  return toCard(row, await cardBookmarksRepo.isBookmarked(deps.db, user.id, cardId));
}

/**
 * GET /api/bookmarks: the user's own bookmarks (per person) on their boards and on boards shared with
 * them, each board's cards as its owner's plan shows them; a board they left is not reached, nor its cards.
 */
export async function listBookmarks(deps: Deps, user: Owner): Promise<Card[]> {
  const rows = await cardBookmarksRepo.listReachable(deps.db, user.id);
  const visible = new Set<number>();
  for (const boardId of new Set(rows.map((row) => row.boardId))) {
    const { owner } = await requireBoardRole(deps.db, user, boardId, 'viewer');
    for (const row of await visibleCards(
      deps.db,
      owner,
      rows.filter((r) => r.boardId === boardId),
    ))
      visible.add(row.id);
  }
  return rows.filter((row) => visible.has(row.id)).map((row) => toCard(row, true));
}

/**
 * The spec's card routes are thin wrappers over the board-operations service: each is one op in one
 * board write, so it is checked, logged and sent to every open screen like any batch.
 */
export async function createCard(deps: WriteDeps, user: Owner, body: CreateCardBody): Promise<Card> {
  const { boardId, ...fields } = body;
  return toCard(
    (await writeBoard(deps, user, boardId, (w) => ops.createCard(w, fields))).result,
    fields.isBookmarked === 1,
  );
}

/** Runs a card op in a write to the card's board (found first: the spec's card routes do not name the board). */
async function writeCard(
  deps: WriteDeps,
  user: Owner,
  cardId: number,
  op: (w: BoardWrite) => Promise<CardRow>,
): Promise<Card> {
  const card = await cardsRepo.getReachable(deps.db, user.id, cardId);
  if (!card) throw notFound('card');
  const row = (await writeBoard(deps, user, card.boardId, op)).result;
  return toCard(row, await cardBookmarksRepo.isBookmarked(deps.db, user.id, row.id));
}

/** PATCH /api/cards/:id/bookmark: flips the caller's own bookmark (a viewer's too); the board does not change. */
export async function toggleBookmark(deps: WriteDeps, user: Owner, cardId: number): Promise<Card> {
  const card = await cardsRepo.getReachable(deps.db, user.id, cardId);
  if (!card) throw notFound('card');
  const [{ row, bookmarked }] = (await setOwnBookmarks(deps, user, card.boardId, [{ id: cardId }], null)).rows;
  return toCard(row, bookmarked);
}

export const moveCardTo = (deps: WriteDeps, user: Owner, cardId: number, position: Point) =>
  writeCard(deps, user, cardId, (w) => ops.moveCard(w, cardId, position));

/** Links a card to a section of its own board, or unlinks it (null; the wire's 0 arrives here as null). */
export const setCardSection = (deps: WriteDeps, user: Owner, cardId: number, sectionId: number | null) =>
  writeCard(deps, user, cardId, (w) => ops.setCardSection(w, cardId, sectionId));

/** Moves a card to another of the user's boards; its section stays behind (cleared). Same board: unchanged. */
export const moveCardToBoard = (deps: WriteDeps, user: Owner, cardId: number, boardId: number) =>
  writeCard(deps, user, cardId, (w) => ops.moveCardToBoard(w, cardId, boardId));

export async function deleteCard(deps: WriteDeps, user: Owner, cardId: number): Promise<{ success: true; id: number }> {
  await writeCard(deps, user, cardId, (w) => ops.deleteCard(w, cardId));
  return { success: true, id: cardId };
}
