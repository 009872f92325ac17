import { z } from 'zod';
import { bodyId } from './common';
import { boardChange } from './board-ops';

/** Longest query text the engine reads (ours: a "find similar" text with a long description stays well under it). */
export const QUERY_TEXT_MAX = 2000;

/**
 * POST /api/gemini/process {query, boardId} (spec accounts §7; the path is the spec's). A query is processed only
 * when non-empty after trimming (spec accounts §5); the trimmed text is what the engine reads and records.
 */
/** One part of a query's scope as the search panel shows it: a genre, a sub-genre, a game or a tier, by its name. */
export const readingScopeItem = z.object({
  kind: z.enum(['genre', 'subGenre', 'game', 'tier']),
  name: z.string().trim().min(1).max(200),
});
export type ReadingScopeItem = z.infer<typeof readingScopeItem>;

/** The most scope items or dropped topics one edited reading may carry. */
export const READING_ITEMS_MAX = 20;

/**
 * A reading the designer changed in the search panel (its chips), sent with the same query text: `scope` replaces
 * the genres, sub-genres, games and tiers the query was read to name (empty: no scope), `dropTopics` are keys of
 * topics to leave out, and `asTyped` searches the typed words instead of their corrections.
 */
export const readingEdit = z.object({
  scope: z.array(readingScopeItem).max(READING_ITEMS_MAX),
  dropTopics: z.array(z.string().min(1).max(200)).max(READING_ITEMS_MAX).default([]),
  asTyped: z.boolean().default(false),
});
export type ReadingEdit = z.infer<typeof readingEdit>;
export type ReadingEditInput = z.input<typeof readingEdit>;

export const processQueryBody = z.object({
  query: z.string().trim().min(1, 'must not be empty').max(QUERY_TEXT_MAX),
  boardId: bodyId,
  /** The reading as changed in the panel; absent: the query is read afresh. */
  reading: readingEdit.optional(),
  /**
   * The sections of the board's previous query that the new results replace (a changed reading run again): they
   * and their cards are removed in the same change that adds the new ones.
   */
  replaces: z.array(bodyId).max(200).optional(),
});
export type ProcessQueryBody = z.infer<typeof processQueryBody>;

/**
 * What a query was read as: its topics (feature tags, and free words by their key), the scope it names, the words
 * it read otherwise than typed, and whether it was searched as typed.
 */
export const queryReading = z.object({
  topics: z.array(z.object({ key: z.string(), label: z.string() })),
  scope: z.array(readingScopeItem),
  respelled: z.array(z.object({ from: z.string(), to: z.string() })),
  asTyped: z.boolean(),
});
export type QueryReading = z.infer<typeof queryReading>;

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
  /** What the query was read as (the search panel shows it as chips the designer can change). */
  reading: queryReading.optional(),
  /** The sections `replaces` named, each with the cards it held, as they were removed (the web's undo restores them). */
  replaced: z.array(z.object({ sectionId: z.number().int(), cardIds: z.array(z.number().int()) })).optional(),
});
export type ProcessQueryResponse = z.infer<typeof processQueryResponse>;

/** POST /api/gemini/more-like-section {sectionId}: up to 10 new cards added to that section. */
export const moreLikeSectionBody = z.object({ sectionId: bodyId });
export type MoreLikeSectionBody = z.infer<typeof moreLikeSectionBody>;

/** `cardIds`: the cards added (the web's undo deletes them); success false when nothing more was found. */
export const moreLikeSectionResponse = processQueryResponse.extend({ cardIds: z.array(z.number().int().positive()) });
export type MoreLikeSectionResponse = z.infer<typeof moreLikeSectionResponse>;
