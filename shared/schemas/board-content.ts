import { z } from 'zod';
import { queryInteger } from './common';
import { cardReason } from './card';
import { section } from './section';

/**
 * GET /api/boards/:id/content?cursor=&limit= — the board's cards in a compact, paged form for very large
 * boards (issue: the whole path stays fast at 100,000 cards). Each row holds COMPACT_CARD_FIELDS in order;
 * orientation is 1 for vertical, 0 for horizontal. The detailed description is not sent: GET /api/cards/:id has it.
 */
export const COMPACT_CARD_FIELDS = [
  'id',
  'sectionId',
  'x',
  'y',
  'vertical',
  'isBookmarked',
  'title',
  'description',
  'game',
  'gameLink',
  'tags',
  'images',
  'reasons',
] as const;

export const compactCardRow = z.tuple([
  z.number(),
  z.number().nullable(),
  z.number(),
  z.number(),
  z.union([z.literal(0), z.literal(1)]),
  z.union([z.literal(0), z.literal(1)]),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.array(z.string()),
  z.array(z.string()),
  /** Why a search added the card; optional so rows written before it still parse. */
  z.array(cardReason).optional(),
]);
export type CompactCardRow = z.infer<typeof compactCardRow>;

export const boardContentPage = z.object({
  boardId: z.number(),
  nextCursor: z.number().nullable(),
  fields: z.array(z.string()),
  total: z.number().optional(),
  /** First page only: the board's content version the page is at least as new as (live boards follow on from it). */
  version: z.number().int().nonnegative().optional(),
  sections: z.array(section).optional(),
  rows: z.array(compactCardRow),
});
export type BoardContentPage = z.infer<typeof boardContentPage>;

export const boardContentQuery = z.object({
  cursor: queryInteger(0, Number.MAX_SAFE_INTEGER).default(0),
  limit: queryInteger(1, 20_000).default(5000),
  _t: z.string().optional(),
});

/** A compact row back into the fields the board draws. */
export function expandCompactRow(row: CompactCardRow) {
  const [id, sectionId, x, y, vertical, isBookmarked, title, description, game, gameLink, tags, images, reasons = []] =
    row;
  return {
    id,
    sectionId,
    position: { x, y },
    orientation: vertical ? ('vertical' as const) : ('horizontal' as const),
    isBookmarked,
    title,
    description,
    game,
    gameLink,
    tags,
    images,
    reasons,
  };
}
