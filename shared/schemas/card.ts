import { z } from 'zod';
import { bodyId } from './board';
import { imageUrl, multiLineText, point, positiveId, storedUrl, titleText } from './common';

/**
 * Cards on the wire (spec board-workspace §3, accounts §3 and §7). sectionId null means "no section"; requests
 * may also say 0 for that (spec: "0 or absent means no section").
 */
export const cardOrientation = z.enum(['vertical', 'horizontal']);
export type CardOrientationValue = z.infer<typeof cardOrientation>;

/**
 * Why a search put a card on the board: a matched feature tag ('Monetization/Starter Pack'), genre
 * ('Puzzle/Match-3'), tier, game, or query word. `value` is what was checked, `label` what the chip shows.
 */
export const cardReason = z.object({
  kind: z.enum(['tag', 'genre', 'tier', 'game', 'word']),
  value: z.string().max(200),
  label: z.string().max(200),
});
export type CardReason = z.infer<typeof cardReason>;

export const card = z.object({
  id: z.number().int(),
  boardId: z.number().int(),
  sectionId: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  detailedDescription: z.string(),
  game: z.string(),
  gameLink: z.string(),
  images: z.array(z.string()),
  tags: z.array(z.string()),
  orientation: cardOrientation,
  isBookmarked: z.union([z.literal(0), z.literal(1)]),
  position: point,
  /** The catalogue feature the card was made from, when it came from a search or a collection. */
  featureId: z.number().int().nullable(),
  /** Why a search added it; empty for cards made by hand or from a collection. */
  reasons: z.array(cardReason).default([]),
  createdAt: z.string(),
});
export type Card = z.infer<typeof card>;
export const cardList = z.array(card);

/** Limits that keep one card to a sane size; the spec gives none, these are ours. */
export const CARD_LIMITS = {
  title: 500,
  description: 5_000,
  detailedDescription: 50_000,
  game: 200,
  url: 2_048,
  images: 20,
  tags: 50,
  tag: 100,
} as const;

/** 0 or null (or absent) = no section; otherwise a section id on the card's board. */
export const sectionRef = z.union([z.literal(0), z.null(), bodyId]).transform((v) => (v ? v : null));

/** One tag on a card: single-line, not blank. */
export const cardTag = titleText(CARD_LIMITS.tag).pipe(z.string().min(1, 'must not be blank'));

export const boardIdQuery = z.object({ boardId: positiveId, _t: z.string().optional() });

/** POST /api/cards (accounts §7: title, description, detailedDescription, position, game, gameLink, tags, images,
 * isBookmarked, sectionId, boardId; plus orientation). */
export const createCardBody = z.object({
  boardId: bodyId,
  sectionId: sectionRef.optional(),
  title: titleText(CARD_LIMITS.title),
  description: multiLineText(CARD_LIMITS.description).default(''),
  detailedDescription: multiLineText(CARD_LIMITS.detailedDescription).nullish(),
  game: titleText(CARD_LIMITS.game).default(''),
  gameLink: z.union([z.literal(''), storedUrl(CARD_LIMITS.url)]).default(''),
  images: z.array(imageUrl(CARD_LIMITS.url)).max(CARD_LIMITS.images).default([]),
  tags: z.array(cardTag).max(CARD_LIMITS.tags).default([]),
  orientation: cardOrientation.default('horizontal'),
  isBookmarked: z
    .union([z.literal(0), z.literal(1), z.boolean()])
    .transform((v): 0 | 1 => (v === true || v === 1 ? 1 : 0))
    .default(0),
  position: point.default({ x: 0, y: 0 }),
});
export type CreateCardBody = z.infer<typeof createCardBody>;

/** PATCH /api/cards/:id/position */
export const cardPositionBody = z.object({ position: point });
/** PATCH /api/cards/:id/section and PATCH /api/cards/:id (accounts §7: {sectionId}). */
export const cardSectionBody = z.object({ sectionId: sectionRef });
/** PATCH /api/cards/:id/board */
export const cardBoardBody = z.object({ boardId: bodyId });
