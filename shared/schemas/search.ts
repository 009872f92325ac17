import { z } from 'zod';
import { bodyId } from './common';
import { boardChange } from './board-ops';

/** Longest query text the engine reads (ours: a "find similar" text with a long description stays well under it). */
export const QUERY_TEXT_MAX = 2000;

/**
 * POST /api/gemini/process {query, boardId} (spec accounts §7; the path is the spec's). A query is processed only
 * when non-empty after trimming (spec accounts §5); the trimmed text is what the engine reads and records.
 */
export const processQueryBody = z.object({
  query: z.string().trim().min(1, 'must not be empty').max(QUERY_TEXT_MAX),
  boardId: bodyId,
});
export type ProcessQueryBody = z.infer<typeof processQueryBody>;

/**
 * The answer: `success` is true when cards were added to the board; `queryId` names the recorded query (the
 * rating popup rates it). A refusal (limit, not signed in, not your board) is an error response instead.
 */
export const processQueryResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  queryId: z.number().int().positive(),
  /**
   * The board's new rows, placed and laid out on the server (absent when nothing was added): the client
   * draws them as they are, with no layout and no refetch of its own.
   */
  change: boardChange.optional(),
  /** The title an "Untitled" board had before its first query named it (the client offers undo). */
  renamedFrom: z.string().nullish(),
  /**
   * In plain words for the search panel: the query's words read otherwise than typed ("Read “loadot” as
   * “loadout”."), and for a query that names a genre, sub-genre, game or tier, how that scope was met ("3 Piggy Bank
   * matches in Casino games, first on the board; …", "Nothing in RPG games matches Piggy Bank. …"); absent when
   * neither applies.
   */
  notice: z.string().optional(),
});
export type ProcessQueryResponse = z.infer<typeof processQueryResponse>;

/** POST /api/gemini/more-like-section {sectionId}: up to 10 new cards added to that section. */
export const moreLikeSectionBody = z.object({ sectionId: bodyId });
export type MoreLikeSectionBody = z.infer<typeof moreLikeSectionBody>;

/** `cardIds`: the cards added (the web's undo deletes them); success false when nothing more was found. */
export const moreLikeSectionResponse = processQueryResponse.extend({ cardIds: z.array(z.number().int().positive()) });
export type MoreLikeSectionResponse = z.infer<typeof moreLikeSectionResponse>;
