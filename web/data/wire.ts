import { z } from 'zod';
import { listedBoard } from '#shared/schemas/board';
import { boardRole } from '#shared/schemas/board-members';
import { card, type Card as SharedCard } from '#shared/schemas/card';
import { section, type Section as SharedSection } from '#shared/schemas/section';
import { publicUser, type PublicUser } from '#shared/schemas/user';

/**
 * Response shapes the web reads (spec board-workspace §3, accounts §3): the shared zod contracts, re-exported
 * under the names the web uses, plus the game-info answer and the card-restore body.
 */

/** The signed-in user (shared/schemas/user.ts is the contract). */
export const currentUserSchema = publicUser;
export type CurrentUser = PublicUser;

/**
 * A board (shared/schemas/board.ts is the contract): as GET /api/boards lists it, with the user's `role` on it and,
 * for a board shared with them, its `owner`. Create and restore answer the owner's own board, without a
 * role: it is theirs.
 */
export const boardSchema = listedBoard.extend({ role: boardRole.default('owner') });
export type Board = z.infer<typeof boardSchema>;

/** A card (shared/schemas/card.ts is the contract; sectionId null means no section). */
export const cardSchema = card;
/**
 * `detailsLoaded: false` marks a card listed through the compact board content (web/data/board-content.ts): its
 * detailed description is not there yet, and web/data/card-details.ts fetches it when needed.
 */
export type Card = SharedCard & { detailsLoaded?: false };

/**
 * A section (shared/schemas/section.ts is the contract). The list answer also says `locked` for a free user's
 * locked sections (spec accounts §4 "Free-plan section lock"; their cards are never sent).
 */
export const sectionSchema = section.extend({ locked: z.boolean().optional() });
export type Section = SharedSection & { locked?: boolean };

export const gameInfoSchema = z.object({
  success: z.boolean(),
  genre: z.string().nullish(),
  subgenre: z.string().nullish(),
});
export type GameInfo = z.infer<typeof gameInfoSchema>;

/** Parses a list, dropping (and logging) rows that do not match instead of failing the whole screen. */
export function parseList<T>(schema: z.ZodType<T>, rows: unknown[], what: string): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
    else console.warn(`Ignoring a malformed ${what}`, parsed.error.issues[0]);
  }
  return out;
}

/** The fields of a card that POST /api/cards takes (spec accounts §7), used to restore a deleted card on undo. */
export type CardCreateBody = {
  title: string;
  description: string;
  detailedDescription: string;
  position: { x: number; y: number };
  game: string;
  gameLink: string;
  tags: string[];
  images: string[];
  isBookmarked: 0 | 1;
  sectionId: number | null;
  boardId: number;
  orientation: 'vertical' | 'horizontal';
};

export function cardToCreateBody(card: Card): CardCreateBody {
  return {
    title: card.title,
    description: card.description,
    detailedDescription: card.detailedDescription,
    position: card.position,
    game: card.game,
    gameLink: card.gameLink,
    tags: card.tags,
    images: card.images,
    isBookmarked: card.isBookmarked,
    sectionId: card.sectionId,
    boardId: card.boardId,
    orientation: card.orientation,
  };
}
