import { withTransaction } from '../db/transaction';
import { BOARD_API_MESSAGES, ENTITY_NAMES } from '#shared/messages/board';
import { layoutBody, LAYOUT_UPDATES_MAX, type LayoutResult, type LayoutUpdateItem } from '#shared/schemas/board';
import type { Db } from '../db/client';
import { boardsRepo } from '../db/repositories/boards.repo';
import { cardsRepo } from '../db/repositories/cards.repo';
import { sectionsRepo } from '../db/repositories/sections.repo';
import type { AppDeps } from '../deps';
import { AppError, badRequest, notFound } from '../errors';
import { runLayoutSave } from '../workers/layout-save';

/**
 * Items per slice of a layout save: each slice is one short immediate transaction (a few milliseconds), so a
 * writer on the main thread waits at most about that long for the lock while a 200,000-item layout is saved.
 */
export const LAYOUT_SLICE_ITEMS = 1000;

/**
 * PATCH /api/boards/{id}/layout (spec board-workspace §7). A whole-board layout is up to ~16 MB of JSON: parsing,
 * validating and writing it on the main thread stalled every other request for about a second (issue #14 item 5),
 * so all of it runs on the layout worker thread, over its own connection to the same database file. The main
 * thread only checks the board's owner, hands the body over (moved, not copied) and waits.
 */
export async function saveBoardLayout(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  user: { id: number },
  boardId: number,
  body: ArrayBuffer,
): Promise<LayoutResult> {
  if (!await boardsRepo.getOwned(deps.db, user.id, boardId)) throw notFound(ENTITY_NAMES.board);
  const reply = await runLayoutSave({
    body,
    dbFile: deps.config.dbFile,
    databaseUrl: deps.config.DATABASE_URL,
    userId: user.id,
    boardId,
    nowMs: deps.clock.now().getTime(),
  });
  if (reply.ok) return reply.result;
  if (reply.status === 500) throw new Error(reply.message);
  throw new AppError(reply.code, reply.status, reply.message, reply.details);
}

/** Parses and validates a layout body (worker side): 400 naming the field, 413 past LAYOUT_UPDATES_MAX items. */
export function parseLayoutBody(body: ArrayBuffer): LayoutUpdateItem[] {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw badRequest('Malformed JSON body', { field: 'json' });
  }
  const updates = (json as { updates?: unknown } | null)?.updates;
  if (Array.isArray(updates) && updates.length > LAYOUT_UPDATES_MAX) {
    throw new AppError('payload_too_large', 413, `A layout save takes at most ${LAYOUT_UPDATES_MAX} items`, { field: 'updates' });
  }
  const result = layoutBody.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : 'json';
    throw badRequest(`${field}: ${issue?.message ?? 'invalid'}`, { field });
  }
  return result.data.updates;
}

/**
 * Writes a layout (worker side). Every item must be a card or section of the user's board, or nothing is written
 * (404 naming the first stranger): all ids are checked first, then positions are written slice by slice, each slice
 * its own immediate transaction with `pause()` between them so other writers get the lock. Positions only, so a
 * crash between slices leaves some items moved and the rest where they were: every row stays valid.
 */
export async function writeLayoutInSlices(
  db: Db,
  userId: number,
  boardId: number,
  updates: LayoutUpdateItem[],
  now: Date,
  pause: () => void,
): Promise<LayoutResult> {
  if (!await boardsRepo.getOwned(db, userId, boardId)) throw notFound(ENTITY_NAMES.board);
  let cardCount = 0;
  for (let start = 0; start < updates.length; start += LAYOUT_SLICE_ITEMS) {
    const slice = updates.slice(start, start + LAYOUT_SLICE_ITEMS);
    const cards = slice.filter((item) => item.type === 'card').map((item) => item.id);
    const sections = slice.filter((item) => item.type === 'section').map((item) => item.id);
    cardCount += cards.length;
    const knownCards = await cardsRepo.idsAmongOnBoard(db, userId, boardId, cards);
    const knownSections = await sectionsRepo.idsAmongOnBoard(db, userId, boardId, sections);
    const stranger = slice.find((item) => !(item.type === 'card' ? knownCards : knownSections).has(item.id));
    if (stranger) throw new AppError('not_found', 404, BOARD_API_MESSAGES.layoutItemNotOnBoard(stranger.type, stranger.id));
  }
  for (let start = 0; start < updates.length; start += LAYOUT_SLICE_ITEMS) {
    const slice = updates.slice(start, start + LAYOUT_SLICE_ITEMS);
    await withTransaction(db, async (tx) => {
        const cards = cardsRepo.positionWriter(tx, boardId);
        const sections = sectionsRepo.boxWriter(tx, boardId);
        for (const item of slice) {
          if (item.type === 'card') cards.add(item.id, item.position.x, item.position.y);
          else sections.add(item.id, item.position.x, item.position.y, item.size.width, item.size.height);
        }
        await cards.flush();
        await sections.flush();
      },
    );
    pause();
  }
  await boardsRepo.updateOwned(db, userId, boardId, { updatedAt: now });
  return { success: true as const, cards: cardCount, sections: updates.length - cardCount };
}
