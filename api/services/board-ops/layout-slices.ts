import { BOARD_API_MESSAGES, ENTITY_NAMES } from '#shared/messages/board';
import type { LayoutResult, LayoutUpdateItem } from '#shared/schemas/board';
import type { Db } from '../../db/client';
import { boardsRepo } from '../../db/repositories/boards.repo';
import { cardsRepo } from '../../db/repositories/cards.repo';
import { sectionsRepo } from '../../db/repositories/sections.repo';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../errors';
import type { BoardWrite } from './board-write';

/**
 * Items per slice of a layout save on the worker: each slice is one short immediate transaction (a few
 * milliseconds), so a writer on the main thread waits at most about that long for the lock while a 200,000-item
 * layout is saved.
 */
export const LAYOUT_SLICE_ITEMS = 1000;

type Checked = { cards: Set<number>; sections: Set<number> };

/** 404 naming the first item that is not a card or section of the user's board (nothing is written then). */
async function checkItems(db: Db, userId: number, boardId: number, items: LayoutUpdateItem[]): Promise<Checked> {
  const cards = await cardsRepo.idsAmongOnBoard(
    db,
    userId,
    boardId,
    items.filter((i) => i.type === 'card').map((i) => i.id),
  );
  const sections = await sectionsRepo.idsAmongOnBoard(
    db,
    userId,
    boardId,
    items.filter((i) => i.type === 'section').map((i) => i.id),
  );
  const stranger = items.find((item) => !(item.type === 'card' ? cards : sections).has(item.id));
  if (stranger)
    throw new AppError('not_found', 404, BOARD_API_MESSAGES.layoutItemNotOnBoard(stranger.type, stranger.id));
  return { cards, sections };
}

/** Writes positions (and section sizes) of items already checked, inside the caller's transaction. */
async function writeItems(
  tx: Db,
  boardId: number,
  items: LayoutUpdateItem[],
  noted?: BoardWrite['changes'],
): Promise<void> {
  const cards = cardsRepo.positionWriter(tx, boardId);
  const sections = sectionsRepo.boxWriter(tx, boardId);
  for (const item of items) {
    if (item.type === 'card') {
      cards.add(item.id, item.position.x, item.position.y);
      noted?.card(item.id);
    } else {
      sections.add(item.id, item.position.x, item.position.y, item.size.width, item.size.height);
      noted?.section(item.id);
    }
  }
  await cards.flush();
  await sections.flush();
}

/** A layout save inside one board write (PATCH /api/boards/:id/layout of an ordinary board). */
export async function applyLayout(w: BoardWrite, items: LayoutUpdateItem[]): Promise<LayoutResult> {
  await checkItems(w.tx, w.owner.id, w.board.id, items);
  await writeItems(w.tx, w.board.id, items, w.changes);
  await boardsRepo.updateOwned(w.tx, w.owner.id, w.board.id, { updatedAt: w.now });
  const cardCount = items.filter((i) => i.type === 'card').length;
  return { success: true as const, cards: cardCount, sections: items.length - cardCount };
}

/**
 * A very large layout save, on the layout worker (api/workers/layout-save.worker.ts). Every item must be a card or
 * section of the user's board, or nothing is written: all ids are checked first, then positions are written slice
 * by slice, each slice its own immediate transaction with `pause()` between them so other writers get the lock.
 * Positions only, so a crash between slices leaves some items moved and the rest where they were: every row stays
 * valid. The main thread then logs the save as one change too large to tell (saveBoardLayout): open screens reload.
 */
export async function writeLayoutInSlices(
  db: Db,
  userId: number,
  boardId: number,
  updates: LayoutUpdateItem[],
  now: Date,
  pause: () => void,
): Promise<LayoutResult> {
  if (!(await boardsRepo.getOwned(db, userId, boardId))) throw notFound(ENTITY_NAMES.board);
  for (let start = 0; start < updates.length; start += LAYOUT_SLICE_ITEMS)
    await checkItems(db, userId, boardId, updates.slice(start, start + LAYOUT_SLICE_ITEMS));
  for (let start = 0; start < updates.length; start += LAYOUT_SLICE_ITEMS) {
    const slice = updates.slice(start, start + LAYOUT_SLICE_ITEMS);
    await withTransaction(db, (tx) => writeItems(tx, boardId, slice));
    pause();
  }
  await boardsRepo.updateOwned(db, userId, boardId, { updatedAt: now });
  const cardCount = updates.filter((i) => i.type === 'card').length;
  return { success: true as const, cards: cardCount, sections: updates.length - cardCount };
}
