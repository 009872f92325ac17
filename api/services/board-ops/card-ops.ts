import { say } from '#shared/messages/errors';
import { isFreePlan } from '#shared/section-lock';
import type { NewCardFields } from '#shared/schemas/board-ops';
import type { OwnCardDetailsBody } from '#shared/schemas/own-images';
import type { Point } from '#shared/layout';
import { cardBookmarksRepo } from '../../db/repositories/card-bookmarks.repo';
import { cardsRepo, type CardRow, type NewCardRow } from '../../db/repositories/cards.repo';
import { sectionLocksRepo } from '../../db/repositories/section-locks.repo';
import { sectionsRepo } from '../../db/repositories/sections.repo';
import { deletedCardsRepo } from '../../db/repositories/deleted-cards.repo';
import { AppError, notFound } from '../../errors';
import { acceptCardImages } from '../image-access.service';
import type { BoardWrite } from './board-write';
import { requireSection } from './section-ops';

/**
 * Card operations inside a board write (board-write.ts): each checks its card against the write's board (a card of
 * another board is not found) and, for a free owner, against the section lock (a hidden card does not exist),
 * writes through `w.tx`, and notes what it changed.
 */

/** The card on the write's board, its row locked; 404 when it is not there or the free plan hides it. */
export async function requireCard(w: BoardWrite, cardId: number): Promise<CardRow> {
  const card = await cardsRepo.lockOnBoard(w.tx, w.board.id, cardId);
  if (!card || (card.locked === 1 && isFreePlan(w.owner.planId))) throw notFound('card');
  return card;
}

/** The section a card op names: by id, or by the ref a section made earlier in the batch got. */
async function targetSection(
  w: BoardWrite,
  sectionId: number | null | undefined,
  ref: string | undefined,
): Promise<number | null> {
  if (ref !== undefined) {
    const id = w.refs.get(ref);
    if (id === undefined)
      throw new AppError('invalid_input', 400, say('board.unknownSectionRef', { ref }), {
        field: 'sectionRef',
      });
    return id;
  }
  if (sectionId === null || sectionId === undefined) return null;
  await requireSection(w, sectionId);
  return sectionId;
}

/**
 * Inserts cards on the write's board (a query's results and uploads come here too), noting each. Own-storage images
 * must be ones the user may show (undo of a delete re-creates an own card); a card showing one is an own card.
 */
export async function insertCards(w: BoardWrite, rows: Omit<NewCardRow, 'createdAt'>[]): Promise<CardRow[]> {
  const inserted = await cardsRepo.insertOnBoard(
    w.tx,
    w.board.id,
    rows.map((row) => ({ ...row, createdAt: w.now })),
  );
  for (const row of inserted) w.changes.card(row.id);
  return inserted;
}

export async function createCard(w: BoardWrite, fields: NewCardFields, ref?: string): Promise<CardRow> {
  const sectionId = await targetSection(w, fields.sectionId, fields.sectionRef);
  // Its own images (in any spelling) must be ones both the sender and the board's owner may show now.
  const { images, showsOwnImages } = await acceptCardImages(w.tx, { author: w.author, owner: w.owner }, fields.images);
  const [row] = await insertCards(w, [
    {
      sectionId,
      title: fields.title,
      description: fields.description,
      detailedDescription: fields.detailedDescription ?? '',
      game: fields.game,
      gameLink: fields.gameLink,
      images,
      tags: fields.tags,
      orientation: fields.orientation,
      x: fields.position.x,
      y: fields.position.y,
      source: showsOwnImages ? 'own' : 'catalogue',
    },
  ]);
  // A card made bookmarked (undo of a delete brings the bookmark back) is the sender's own bookmark.
  if (fields.isBookmarked) await cardBookmarksRepo.set(w.tx, w.author.id, row.id, true, w.now);
  if (ref !== undefined) w.refs.set(ref, row.id);
  return row;
}

export async function moveCard(w: BoardWrite, cardId: number, position: Point): Promise<CardRow> {
  await requireCard(w, cardId);
  w.changes.card(cardId);
  return (await cardsRepo.updateOnBoard(w.tx, w.board.id, cardId, { x: position.x, y: position.y }))!;
}

/**
 * Many moves in one statement (a drag of a selection, a reflow): every id is checked first, then one write. Ids are
 * checked with the board's hidden cards read once.
 */
export async function moveCards(w: BoardWrite, moves: { id: number; position: Point }[]): Promise<void> {
  if (moves.length === 0) return;
  // A card moved twice in one batch ends where its last move put it.
  const latest = new Map(moves.map((m) => [m.id, m.position]));
  const ids = [...latest.keys()];
  const known = await cardsRepo.idsAmongOnBoard(w.tx, w.owner.id, w.board.id, ids);
  const hidden = new Set(isFreePlan(w.owner.planId) ? await sectionLocksRepo.hiddenCardIds(w.tx, w.board.id) : []);
  const stranger = ids.find((id) => !known.has(id) || hidden.has(id));
  if (stranger !== undefined) throw new AppError('not_found', 404, say('notFound.card'), { id: stranger });
  const writer = cardsRepo.positionWriter(w.tx, w.board.id);
  for (const [id, position] of latest) {
    writer.add(id, position.x, position.y);
    w.changes.card(id);
  }
  await writer.flush();
}

/** Links the card to a section of its board, or unlinks it (null). */
export async function setCardSection(
  w: BoardWrite,
  cardId: number,
  sectionId: number | null,
  ref?: string,
): Promise<CardRow> {
  await requireCard(w, cardId);
  const target = await targetSection(w, sectionId, ref);
  w.changes.card(cardId);
  return (await cardsRepo.updateOnBoard(w.tx, w.board.id, cardId, { sectionId: target }))!;
}

/**
 * Moves the card to another of the user's boards; its section stays behind. The same board: unchanged. `back` puts
 * it at a place there, in a section of that board or loose (the undo of an earlier move): it takes its old slot as a
 * restored card does, the section closing up around it.
 */
export async function moveCardToBoard(
  w: BoardWrite,
  cardId: number,
  boardId: number,
  back?: { sectionId: number | null; position: { x: number; y: number } },
): Promise<CardRow> {
  const card = await requireCard(w, cardId);
  if (boardId === w.board.id) return card;
  const other = await w.otherBoard(boardId);
  w.changes.cardRemoved(cardId);
  // The section it leaves here closes up in the same change.
  if (card.sectionId !== null) w.gaps.add(card.sectionId);
  other.changes.card(cardId);
  const place = back ? { x: back.position.x, y: back.position.y } : {};
  const moved = (await cardsRepo.updateOnBoard(w.tx, w.board.id, cardId, { boardId, sectionId: null, ...place }))!;
  if (!back || back.sectionId === null) return moved;
  const into = await setCardSection(other, cardId, back.sectionId);
  other.restored.add(cardId);
  if (into.sectionId !== null) other.gaps.add(into.sectionId);
  return into;
}

/** Title, notes, game, link and tags: only of a card made from the user's own image. */
export async function updateCardDetails(w: BoardWrite, cardId: number, patch: OwnCardDetailsBody): Promise<CardRow> {
  const card = await requireCard(w, cardId);
  if (card.source !== 'own') throw new AppError('not_own_card', 409, say('ownImages.notOwnCard'));
  w.changes.card(cardId);
  return (await cardsRepo.updateOnBoard(w.tx, w.board.id, cardId, patch))!;
}

/** An own card's gallery as it is to be (an upload adds to it). */
export async function setCardImages(w: BoardWrite, cardId: number, images: string[]): Promise<CardRow> {
  await requireCard(w, cardId);
  w.changes.card(cardId);
  return (await cardsRepo.updateOnBoard(w.tx, w.board.id, cardId, { images }))!;
}

/**
 * Sets the sender's own bookmark of the card, or flips it when no value is given (the spec's toggle). Bookmarks are
 * per person: nothing of the board changes, so nothing is noted for the other screens. Answers the row.
 */
export async function setBookmark(w: BoardWrite, cardId: number, value?: boolean): Promise<CardRow> {
  const card = await requireCard(w, cardId);
  await cardBookmarksRepo.set(w.tx, w.author.id, cardId, value, w.now);
  return card;
}

/** How long a deleted card can still be restored (an undo later than this finds nothing). */
const DELETED_CARD_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes the card, kept whole (row and everyone's bookmarks) so an undo restores the same card; its section is
 * noted to close up before the write ends.
 */
export async function deleteCard(w: BoardWrite, cardId: number): Promise<CardRow> {
  const card = await requireCard(w, cardId);
  const tombstone = await deletedCardsRepo.snapshot(w.tx, w.board.id, cardId);
  if (tombstone) await deletedCardsRepo.put(w.tx, w.board.id, cardId, tombstone, w.now);
  await deletedCardsRepo.purgeBefore(w.tx, new Date(w.now.getTime() - DELETED_CARD_KEEP_MS));
  w.changes.cardRemoved(cardId);
  if (card.sectionId !== null) w.gaps.add(card.sectionId);
  return (await cardsRepo.deleteOnBoard(w.tx, w.board.id, cardId))!;
}

/**
 * Undo of a delete: the same card back with its id, place, section (none when that section is gone meanwhile) and
 * the bookmarks people had; 404 when it was not deleted from this board or is forgotten.
 */
export async function restoreCard(w: BoardWrite, cardId: number): Promise<void> {
  const tombstone = await deletedCardsRepo.take(w.tx, w.board.id, cardId);
  if (!tombstone) throw notFound('card');
  const was = tombstone.card.section_id;
  const sectionId = typeof was === 'number' && (await sectionsRepo.getOnBoard(w.tx, w.board.id, was)) ? was : null;
  await deletedCardsRepo.restore(w.tx, tombstone, sectionId);
  w.changes.card(cardId);
  w.restored.add(cardId);
  if (sectionId !== null) w.gaps.add(sectionId);
}
