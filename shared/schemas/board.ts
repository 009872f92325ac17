import type { ErrorKey } from '../messages/errors';
import { z } from 'zod';
import { BOARD_TITLE_MAX } from '../constants';
import { bodyId, titleText } from './common';
import { boardRole } from './board-members';

export { bodyId };

/**
 * Boards on the wire (spec board-workspace §3, §7; accounts §3, §7). Timestamps are ISO strings; isShared is the
 * spec's 0 or 1.
 */

export const board = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** Whether the owner shares the board by link: told to its owner only (a member gets no share state). */
  isShared: z.union([z.literal(0), z.literal(1)]).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userId: z.number().int(),
  /** 1 once the board's first auto-layout has run (spec board-workspace §3, kept on the board: every screen and member agrees). */
  autoLayoutDone: z.union([z.literal(0), z.literal(1)]).default(0),
});
export type Board = z.infer<typeof board>;

/**
 * Board rows are shaped per role: its owner gets `isShared`, and from create and update the share code (null when
 * not shared); an editor or a viewer gets neither, whichever route answers (the list, a rename).
 */
export const ownedBoard = board.extend({
  isShared: z.union([z.literal(0), z.literal(1)]),
  shareCode: z.string().nullable(),
});
export type OwnedBoard = z.infer<typeof ownedBoard>;

/**
 * A board in GET /api/boards: the user's own first (`role: 'owner'`), then the boards shared with them,
 * with their role and the owner's name and email.
 */
export const listedBoard = board.extend({
  role: boardRole,
  owner: z.object({ email: z.string(), name: z.string().nullable() }).optional(),
});
export type ListedBoard = z.infer<typeof listedBoard>;

export const boardList = z.array(listedBoard);

/** GET /api/boards?userId=&_t= : both accepted and ignored (the caller's own boards are listed). */
export const listBoardsQuery = z.object({ userId: z.string().optional(), _t: z.string().optional() });

const boardTitle = titleText(BOARD_TITLE_MAX).pipe(z.string().min(1, 'must not be blank'));

/** POST /api/boards {title?}: blank or absent gets 'Untitled' / 'Untitled N'. */
export const createBoardBody = z.object({
  title: titleText(BOARD_TITLE_MAX).nullish(),
});
export type CreateBoardBody = z.infer<typeof createBoardBody>;

const zeroOrOne = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => (v === true || v === 1 ? 1 : 0));

/** PATCH /api/boards/:id {title} (rename; blank rejected) and/or {isShared: 0|1}. */
export const updateBoardBody = z
  .object({ title: boardTitle.optional(), isShared: zeroOrOne.optional() })
  .refine((b) => b.title !== undefined || b.isShared !== undefined, {
    message: 'validation.titleOrShared' satisfies ErrorKey,
    path: ['title'],
  });
export type UpdateBoardBody = z.infer<typeof updateBoardBody>;

/** DELETE /api/boards/:id answer. */
export const deleteResult = z.object({ success: z.literal(true), id: z.number(), cards: z.number().optional() });
export type DeleteResult = z.infer<typeof deleteResult>;
