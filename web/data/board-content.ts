import type { QueryClient } from '@tanstack/react-query';
import { boardContentPage, COMPACT_CARD_FIELDS, compactCardRow, expandCompactRow, type BoardContentPage, type CompactCardRow } from '#shared/schemas/board-content';
import { apiJson, isAbortError } from './api-client';
import { boardSessions } from './query-client';
import { cardKeys } from './query-keys';
import type { Card } from './wire';

/**
 * A board's cards through GET /api/boards/:id/content (issue: very large boards end to end): compact rows, gzip,
 * ETag, paged by id. The first page is small so the first screenful is drawn at once; the rest stream in larger
 * pages and are appended to the cached list, which the canvas hands to the engine with appendCards.
 */

/** Cards in the first page: a screenful and then some, quick to send, parse and draw. */
export const FIRST_PAGE_CARDS = 2000;
/** Cards in each following page (the server allows up to 20,000). */
export const NEXT_PAGE_CARDS = 10_000;

const pageEnvelope = boardContentPage.omit({ rows: true });

async function fetchPage(boardId: number, cursor: number, limit: number, signal: AbortSignal): Promise<BoardContentPage> {
  // No cache-busting _t here: the URL stays the same so the browser revalidates with If-None-Match (304).
  const raw = await apiJson<{ rows?: unknown }>('GET', `/api/boards/${boardId}/content?cursor=${cursor}&limit=${limit}`, undefined, { signal });
  const envelope = pageEnvelope.parse(raw);
  const rows = Array.isArray(raw.rows) ? raw.rows : [];
  const valid: CompactCardRow[] = [];
  for (const row of rows) {
    // Rows are checked one by one, like parseList: a malformed row is dropped, not the whole board.
    // 13 fields with the card's reasons; 12 from a server older than them.
    if (Array.isArray(row) && (row.length === COMPACT_CARD_FIELDS.length || row.length === COMPACT_CARD_FIELDS.length - 1)) {
      const parsed = compactCardRow.safeParse(row);
      if (parsed.success) {
        valid.push(parsed.data);
        continue;
      }
    }
    console.warn('Ignoring a malformed card row', row);
  }
  return { ...envelope, rows: valid };
}

/**
 * Keeps one copy of repeated values while a board loads: game names, links, tags and image paths repeat across
 * thousands of cards (whole cards do in a demo board), and every parsed row brings its own copies. Lists are
 * shared too; card lists are never changed in place (updates make new cards).
 */
export class ValuePool {
  private readonly strings = new Map<string, string>();
  private readonly lists = new Map<string, string[]>();

  text(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    this.strings.set(value, value);
    return value;
  }

  list(values: string[]): string[] {
    const key = values.join('\u0000');
    const known = this.lists.get(key);
    if (known) return known;
    const pooled = values.map((v) => this.text(v));
    this.lists.set(key, pooled);
    return pooled;
  }
}

/**
 * A compact row as a web Card. The detailed description is not in the list: `detailsLoaded: false` says so, and
 * web/data/card-details.ts fetches it (GET /api/cards/:id) for the viewer, copy and undo of a delete.
 */
export function cardFromRow(row: CompactCardRow, boardId: number, pool: ValuePool = new ValuePool()): Card {
  const c = expandCompactRow(row);
  return {
    ...c,
    title: pool.text(c.title),
    description: pool.text(c.description),
    game: pool.text(c.game),
    gameLink: pool.text(c.gameLink),
    tags: pool.list(c.tags),
    images: pool.list(c.images),
    boardId,
    detailedDescription: '',
    featureId: null,
    createdAt: '',
    detailsLoaded: false,
  };
}

/**
 * The query function of a board's card list. The first load of a board publishes every page into the cache as
 * it arrives (the board is drawn and usable after the first one; the query stays 'fetching' until the last, so
 * auto-layout and Organize wait for the whole board). A refetch of a complete list reads every page and then
 * answers, so the board never shrinks to its first page meanwhile.
 */
export async function loadBoardCards(queryClient: QueryClient, boardId: number, signal: AbortSignal): Promise<Card[]> {
  const key = cardKeys.list(boardId);
  const session = boardSessions(queryClient).session(boardId);
  // A list still incomplete (a stream under way, or cut short) streams again.
  const streaming = session.partial || queryClient.getQueryData<Card[]>(key) === undefined;
  if (streaming) session.partial = true;
  const loaded: Card[] = [];
  const pool = new ValuePool();
  /** Ids in the cached list as last seen (cards added or removed meanwhile by commands are kept as they are). */
  let cachedIds: Set<number> | null = null;
  let cachedLength = 0;
  const publish = (first: boolean, page: Card[]) => {
    queryClient.setQueryData<Card[]>(key, (old) => {
      if (first || !old) {
        cachedIds = null;
        cachedLength = page.length;
        return page;
      }
      if (!cachedIds || old.length !== cachedLength) cachedIds = new Set(old.map((c) => c.id));
      const ids = cachedIds;
      const fresh = page.filter((c) => !ids.has(c.id));
      for (const c of fresh) ids.add(c.id);
      cachedLength = old.length + fresh.length;
      return fresh.length ? old.concat(fresh) : old;
    });
  };
  let version: number | undefined;
  try {
    let next: Promise<BoardContentPage> | null = fetchPage(boardId, 0, FIRST_PAGE_CARDS, signal);
    for (let first = true; next; first = false) {
      const page: BoardContentPage = await next;
      if (first) version = page.version;
      // The next page is asked for before this one is handed over, so the server works while the page draws.
      next = page.nextCursor === null ? null : fetchPage(boardId, page.nextCursor, NEXT_PAGE_CARDS, signal);
      // A failed prefetch is reported by the await above on the next turn, not as an unhandled rejection.
      next?.catch(() => undefined);
      const cards = page.rows.map((row) => cardFromRow(row, boardId, pool));
      if (streaming) publish(first, cards);
      else for (const c of cards) loaded.push(c);
    }
    session.partial = false;
    const cards = streaming ? (queryClient.getQueryData<Card[]>(key) ?? []) : loaded;
    // The list is at least as new as the first page's version; changes after it follow from there (set
    // once the whole list is in, so a change heard while the pages came is fetched again rather than lost).
    if (version !== undefined) session.setVersion(version);
    return cards;
  } catch (err) {
    // Spec §8: an aborted list read answers what it has (here: the cached part); other failures keep the spec's message.
    if (isAbortError(err)) return queryClient.getQueryData<Card[]>(key) ?? [];
    throw new Error('Failed to fetch cards', { cause: err });
  }
}
