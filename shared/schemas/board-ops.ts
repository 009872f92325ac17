import type { ErrorKey } from '../messages/errors';
import { z } from 'zod';
import { BOARD_BATCH_ITEMS_MAX, BOARD_TITLE_MAX } from '../constants';
import { createCardBody, sectionRef } from './card';
import { compactCardRow } from './board-content';
import { ownCardDetailsBody } from './own-images';
import { bodyId, point, size, titleText } from './common';
import { createSectionBody, section, sectionColor } from './section';

/**
 * Board operations (ARCHITECTURE "Where board changes go"): every change to a board's content is one of
 * these, sent in a batch to POST /api/boards/:id/ops and applied in one transaction or not at all. The spec's REST
 * routes send the same operations one at a time; undo and redo send their inverses.
 *
 * @example
 * const batch: OpsBatch = { batchId: crypto.randomUUID(), ops: [{ type: 'card.move', id: 7, position: { x: 0, y: 120 } }] };
 */

/**
 * An array of at most `max` items, its length checked before any item is read: an oversized batch is refused
 * without the cost of validating what it carries.
 */
const capped = <T extends z.ZodType>(item: T, max: number, min = 0) =>
  // Typed as the array it yields, so a client writing ops sees the item's own input type.
  z
    .array(z.unknown())
    .min(min)
    .refine((items) => items.length <= max, {
      message: 'board.batchTooLarge' satisfies ErrorKey,
      params: { max },
      abort: true,
    })
    .pipe(z.array(item)) as unknown as z.ZodArray<T>;

/**
 * A client's name for a row it creates in the batch (a card or section that has no id yet), so a later op of the
 * same batch can point at it (`sectionRef: 's1'`) and the answer says which id it became.
 */
const ref = z.string().min(1).max(64);

/** A new card's fields: POST /api/cards's body (the same rules) without the board (the batch names it). */
export const newCardFields = createCardBody.omit({ boardId: true }).extend({
  /** The section by the ref it got earlier in the same batch, instead of sectionId. */
  sectionRef: ref.optional(),
});
export type NewCardFields = z.infer<typeof newCardFields>;

const boardTitle = titleText(BOARD_TITLE_MAX).pipe(z.string().min(1, 'must not be blank'));
const { boardId: _board, ...newSectionShape } = createSectionBody.shape;

/** One card a layout.set places. */
export const layoutCardEntry = z.object({ id: bodyId, position: point });

export const boardOp = z.discriminatedUnion('type', [
  z.object({ type: z.literal('card.create'), ref: ref.optional(), card: newCardFields }),
  z.object({ type: z.literal('card.move'), id: bodyId, position: point }),
  z.object({ type: z.literal('card.setSection'), id: bodyId, sectionId: sectionRef, sectionRef: ref.optional() }),
  /**
   * Moves the card to another of the user's boards, loose there; `back`: into that section of the other board at
   * that place (the undo of a move, putting the card back where it was).
   */
  z.object({
    type: z.literal('card.moveToBoard'),
    id: bodyId,
    boardId: bodyId,
    back: z.object({ sectionId: bodyId.nullable(), position: point }).optional(),
  }),
  /** Title, notes, game, link and tags of an own card (PATCH /api/cards/:id/details). */
  z.object({ type: z.literal('card.update'), id: bodyId, patch: ownCardDetailsBody }),
  /** Sets the bookmark; without `value` it flips (the spec's toggle). */
  z.object({ type: z.literal('card.bookmark'), id: bodyId, value: z.boolean().optional() }),
  /** Deletes the card; its section closes up in the same change. Kept whole for a while, so it can be restored. */
  z.object({ type: z.literal('card.delete'), id: bodyId }),
  /** Undo of a delete: the same card back (id, place, section, everyone's bookmarks); 404 once it is forgotten. */
  z.object({ type: z.literal('card.restore'), id: bodyId }),
  /**
   * An intent: these cards into that section (null: onto the canvas), each near its drop point (`at`, one per
   * card or one for all; without it they go after the section's cards). The server lays the sections out around
   * them from the board as it is when the batch is applied (shared/board-intents.ts).
   */
  z.object({
    type: z.literal('cards.place'),
    ids: capped(bodyId, BOARD_BATCH_ITEMS_MAX, 1),
    sectionId: bodyId.nullable(),
    at: capped(point, BOARD_BATCH_ITEMS_MAX).optional(),
  }),
  z.object({ type: z.literal('section.create'), ref: ref.optional(), section: z.object(newSectionShape) }),
  z.object({ type: z.literal('section.rename'), id: bodyId, title: createSectionBody.shape.title }),
  z.object({ type: z.literal('section.recolor'), id: bodyId, color: sectionColor }),
  z.object({ type: z.literal('section.resize'), id: bodyId, size }),
  /**
   * Moves a section; `withCards` (a drag by its header): its cards travel with it and what it now covers is
   * pushed aside, laid out by the server from the latest state.
   */
  z.object({ type: z.literal('section.move'), id: bodyId, position: point, withCards: z.boolean().optional() }),
  z.object({ type: z.literal('section.delete'), id: bodyId }),
  /** Places and sizes many items at once (a drag of a section with its cards, a reflow, undo of an organize). */
  z.object({
    type: z.literal('layout.set'),
    cards: capped(layoutCardEntry, BOARD_BATCH_ITEMS_MAX).default([]),
    sections: z
      .array(z.object({ id: bodyId, position: point, size }))
      .max(1_000)
      .default([]),
  }),
  /** Organize Cards: the shared auto-layout, run on the server over the whole board. */
  z.object({ type: z.literal('board.organize') }),
  z.object({ type: z.literal('board.rename'), title: boardTitle }),
  /** The board's first auto-layout is done (true), or to be done again (false: the board became empty). */
  z.object({ type: z.literal('board.autoLayoutDone'), value: z.boolean() }),
]);
export type BoardOp = z.infer<typeof boardOp>;
/** An op as a client writes it (before the schema's defaults and transforms). */
export type BoardOpInput = z.input<typeof boardOp>;
export type BoardOpType = BoardOp['type'];

/**
 * The most ops one batch may carry: a board's worth (shared/constants.ts BOARD_BATCH_ITEMS_MAX; an organize of the
 * largest board is one op, not one per card).
 */
export const OPS_PER_BATCH_MAX = BOARD_BATCH_ITEMS_MAX;

/**
 * POST /api/boards/:id/ops. `batchId` is the client's own id for the batch (a UUID): a batch sent again with the
 * same id (a retry after a lost answer) is applied once and answered the same.
 */
export const opsBatchBody = z.object({
  batchId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _'),
  ops: capped(boardOp, OPS_PER_BATCH_MAX, 1),
});
export type OpsBatch = z.infer<typeof opsBatchBody>;

/**
 * The same body as the server first reads it: the batch id and up to OPS_PER_BATCH_MAX ops not yet looked at. Each
 * op is then validated with `boardOp` one at a time (api/services/board-ops/parse-ops.ts), so a batch at the cap
 * never holds the event loop for the whole of its validation.
 */
export const opsBatchEnvelope = opsBatchBody.extend({ ops: capped(z.unknown(), OPS_PER_BATCH_MAX, 1) });

/**
 * What one applied batch changed on one board, as every open screen of the board receives it: cards as compact
 * rows (the board content page's form), sections whole, what was removed, the board's new title. `fromVersion` →
 * `version` are the board's content versions before and after: a screen at `fromVersion` that applies it is at
 * `version`; a screen anywhere else fetches what it missed.
 */
export const boardChange = z.object({
  boardId: z.number().int(),
  fromVersion: z.number().int(),
  version: z.number().int(),
  batchId: z.string().nullable(),
  /** The screen (browser tab) whose request made the change, when it named itself (shared/screen-id.ts). */
  screen: z.string().optional(),
  /** Who made the change (team boards: their screens flash the cards in this person's color). */
  author: z.object({ userId: z.number().int(), name: z.string() }).optional(),
  cards: z.array(compactCardRow),
  removedCardIds: z.array(z.number().int()),
  sections: z.array(section),
  removedSectionIds: z.array(z.number().int()),
  board: z.object({ title: z.string(), autoLayoutDone: z.boolean().optional() }).nullable(),
  /** Too large to tell row by row (an Organize of a very large board): load the board again. */
  reload: z.boolean(),
});
export type BoardChange = z.infer<typeof boardChange>;

/** The answer of POST /api/boards/:id/ops: the change, and the ids the batch's refs became. */
export const opsResult = z.object({
  change: boardChange,
  refs: z.record(z.string(), z.number().int()),
});
export type OpsResult = z.infer<typeof opsResult>;

/**
 * GET /api/boards/:id/changes?since=version: every change after `since`, oldest first; or `reload` when they cannot
 * all be told (too old, too many, or a write that was not logged): the screen loads the board again.
 */
export const changesAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('changes'), version: z.number().int(), changes: z.array(boardChange) }),
  z.object({ kind: z.literal('reload'), version: z.number().int() }),
]);
export type ChangesAnswer = z.infer<typeof changesAnswer>;
