import { withTransaction } from '../db/transaction';
import { CARD_HEIGHT_HORIZONTAL, CARD_HEIGHT_VERTICAL, LAYOUT_START_Y, SECTION_GAP, SECTION_PALETTE } from '#shared/constants';
import { ENTITY_NAMES } from '#shared/messages/board';
import { resolveScreenshots } from '#shared/image-urls';
import { layoutBoard } from '#shared/layout';
import { boardsRepo } from '../db/repositories/boards.repo';
import type { BulkCard } from '../db/repositories/board-writer.repo';
import type { CatalogueFeatureRow } from '../db/repositories/demo-board.repo';
import type { CardReason } from '#shared/schemas/card';
import type { AppDeps } from '../deps';
import { notFound } from '../errors';
import { consumeSearch } from '../services/usage.service';
import type { BoardChange } from '#shared/schemas/board-ops';
import { boardTitleFromQuery, isUntitledTitle } from '#shared/board-titles';
import { renameBoard } from '../services/board-ops/board-level-ops';
import { writeBoard, type BoardWrite } from '../services/board-ops/board-write';
import { addCards, addSections } from '../services/board-ops/bulk-adds';
import type { Viewer } from '../services/section-lock.service';
import type { SearchResult } from './engine';
import { searchRepo } from '../db/repositories/search.repo';

/**
 * Placement of a search's results: the new sections go BELOW whatever the board already holds, laid out by the
 * shared auto-layout and shifted down as a block. Re-laying out the whole board would move cards the designer
 * arranged by hand, and its cost would grow with the board; this way a search writes ~30 rows whatever the board's
 * size, and the answer is the finished board's new part (no layout follows it on the client). Rows go in through
 * the bulk repository's prepared statements (the same ones the demo board uses).
 */
/** A catalogue feature's stored card fields, JSON-encoded as the cards table keeps them. */
export function encodedFeatureFields(feature: Pick<CatalogueFeatureRow, 'screenshots' | 'primaryTag' | 'secondaryTag'>): { images: string; tags: string } {
  return {
    images: JSON.stringify(resolveScreenshots(feature.screenshots)),
    tags: JSON.stringify([feature.primaryTag, feature.secondaryTag].filter(Boolean)),
  };
}

/**
 * The one way a catalogue feature becomes a card row: a search, "more like this section" and the demo board all
 * add cards through it. `encoded` lets a caller that writes the same feature many times (the demo board) encode
 * its images and tags once.
 */
export function cardRowFromFeature(
  feature: CatalogueFeatureRow & { reasons?: CardReason[] },
  sectionId: number | null,
  position: { x: number; y: number },
  encoded = encodedFeatureFields(feature),
): BulkCard {
  return {
    sectionId,
    title: feature.title,
    description: feature.description,
    detailedDescription: feature.detailedDescription,
    game: feature.game,
    gameLink: feature.gameLink,
    images: encoded.images,
    tags: encoded.tags,
    orientation: feature.orientation === 'vertical' ? 'vertical' : 'horizontal',
    x: position.x,
    y: position.y,
    featureId: feature.id,
    ...(feature.reasons ? { reasons: JSON.stringify(feature.reasons) } : {}),
  };
}

export type WriteRequest = { userId: number; boardId: number; query: string; provider: string; result: SearchResult };

/**
 * The write half of a search, ONE board write (api/services/board-ops): count the search against the monthly limit
 * (the user's row first, ADR 0008's order), add the sections and cards below whatever the board holds, name an
 * "Untitled" board after its first query, record the query. A refusal writes nothing; every open screen of the
 * board receives the new rows, and the answer carries them (issue #26: the client draws them as they are).
 */
export async function writeSearchResults(deps: Pick<AppDeps, 'db' | 'clock'>, user: Viewer, request: WriteRequest): Promise<{ queryId: number; change: BoardChange; renamedFrom: string | null }> {
  const { result } = request;
  // Stand-in ids (index + 1) for the layout, in insertion order, so each row is written once with its position.
  const cardInputs = result.sections.flatMap((section, s) => section.features.map((feature) => ({ sectionIndex: s, feature })));
  const layout = layoutBoard({
    sections: result.sections.map((_, i) => ({ id: i + 1 })),
    cards: cardInputs.map((c, i) => ({
      id: i + 1,
      sectionId: c.sectionIndex + 1,
      orientation: c.feature.orientation === 'vertical' ? ('vertical' as const) : ('horizontal' as const),
    })),
  });

  const write = await writeBoard(
    deps,
    user,
    request.boardId,
    async (w) => {
      const { tx, board } = w;
      await boardsRepo.updateOwned(tx, user.id, board.id, { updatedAt: w.now });
      const renamedFrom = await nameAfterFirstQuery(w, request.query);
      const bottom = await searchRepo.boardBottom(tx, board.id, CARD_HEIGHT_VERTICAL, CARD_HEIGHT_HORIZONTAL);
      const dy = bottom === null ? 0 : bottom + SECTION_GAP - LAYOUT_START_Y;
      const paletteStart = await searchRepo.sectionCount(tx, board.id);
      const sectionIds = await addSections(
        w,
        layout.sections.map((s, i) => ({
          title: result.sections[i].title,
          color: SECTION_PALETTE[(paletteStart + i) % SECTION_PALETTE.length],
          x: s.position.x,
          y: s.position.y + dy,
          width: s.size.width,
          height: s.size.height,
        })),
      );
      const inserter = addCards(w);
      cardInputs.forEach(({ sectionIndex, feature }, i) =>
        inserter.add(cardRowFromFeature(feature, sectionIds[sectionIndex], { x: layout.cards[i].position.x, y: layout.cards[i].position.y + dy })),
      );
      await inserter.flush();
      const queryId = await searchRepo.insertQuery(tx, {
        userId: user.id,
        boardId: board.id,
        text: request.query,
        provider: request.provider,
        resultCount: result.resultCount,
        createdAt: w.now.getTime(),
      });
      return { queryId, renamedFrom };
    },
    { lockFirst: (tx) => consumeSearch({ db: tx, clock: deps.clock }, user.id).then(() => undefined) },
  );
  return { ...write.result, change: write.change };
}

/**
 * Issue #25 item 21: a board still called "Untitled" (or "Untitled N") that gets its first query with results is
 * named after the query. Answers the title it had, so the client can offer to undo it; null when it kept its name.
 */
async function nameAfterFirstQuery(w: BoardWrite, query: string): Promise<string | null> {
  if (!isUntitledTitle(w.board.title) || (await searchRepo.boardHasAnsweredQuery(w.tx, w.board.id))) return null;
  const title = boardTitleFromQuery(query);
  if (!title) return null;
  await renameBoard(w, title);
  return w.board.title;
}

/**
 * A search that found nothing: the query is recorded (with 0 results, so empty spots in the catalogue show up in
 * the data) but the board is untouched and the search is not counted: nothing was delivered.
 */
export async function recordEmptySearch(deps: Pick<AppDeps, 'db' | 'clock'>, request: Omit<WriteRequest, 'result'>): Promise<{ queryId: number }> {
  const now = deps.clock.now();
  return await withTransaction(deps.db, async (tx) => {
      const board = await boardsRepo.holdOwned(tx, request.userId, request.boardId);
      if (!board) throw notFound(ENTITY_NAMES.board);
      const queryId = await searchRepo.insertQuery(tx, {
        userId: request.userId,
        boardId: board.id,
        text: request.query,
        provider: request.provider,
        resultCount: 0,
        createdAt: now.getTime(),
      });
      return { queryId };
    },
  );
}
