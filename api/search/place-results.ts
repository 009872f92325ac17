import { withTransaction } from '../db/transaction';
import {
  CARD_HEIGHT_HORIZONTAL,
  CARD_HEIGHT_VERTICAL,
  LAYOUT_START_Y,
  SECTION_GAP,
  SECTION_PALETTE,
} from '#shared/constants';
import { resolveScreenshots } from '#shared/image-urls';
import { LOCKED_SECTION_SIZE, layoutBoard, type Point, type Size } from '#shared/layout';
import { isFreePlan } from '#shared/section-lock';
import { boardsRepo } from '../db/repositories/boards.repo';
import type { BulkCard } from '../db/repositories/board-writer.repo';
import type { CatalogueFeatureRow } from '../db/repositories/demo-board.repo';
import type { CardReason } from '#shared/schemas/card';
import type { AppDeps } from '../deps';
import { consumeSearch } from '../services/usage.service';
import type { BoardChange } from '#shared/schemas/board-ops';
import { boardTitleFromQuery, isUntitledTitle } from '#shared/board-titles';
import { renameBoard } from '../services/board-ops/board-level-ops';
import { writeBoard, type BoardWrite } from '../services/board-ops/board-write';
import { addCards, addSections, setSectionBox } from '../services/board-ops/bulk-adds';
import { setAutoLayoutDone } from '../services/board-ops/board-level-ops';
import { sectionsRepo } from '../db/repositories/sections.repo';
import { decideNewSectionLocks, type Viewer } from '../services/section-lock.service';
import type { SearchResult } from './pipeline';
import { searchRepo } from '../db/repositories/search.repo';
import { requireBoardRole } from '../services/board-ops/board-access';
import { deleteCard } from '../services/board-ops/card-ops';
import { deleteSection, requireSection } from '../services/board-ops/section-ops';
import { cardsRepo } from '../db/repositories/cards.repo';

/**
 * Placement of a search's results: the new sections go BELOW whatever the board already holds, laid out by the
 * shared auto-layout and shifted down as a block. Re-laying out the whole board would move cards the designer
 * arranged by hand, and its cost would grow with the board; this way a search writes ~30 rows whatever the board's
 * size, and the answer is the finished board's new part (no layout follows it on the client). Rows go in through
 * the bulk repository's prepared statements (the same ones the demo board uses).
 */
/** A catalogue feature's stored card fields, JSON-encoded as the cards table keeps them. */
export function encodedFeatureFields(
  feature: Pick<CatalogueFeatureRow, 'screenshots' | 'primaryTag' | 'secondaryTag'>,
): { images: string; tags: string } {
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

export type WriteRequest = {
  userId: number;
  boardId: number;
  query: string;
  provider: string;
  result: SearchResult;
  /** Sections of an earlier query that these results replace: removed with their cards in the same write. */
  replaces?: readonly number[];
};

/** A section a query's results replaced, with the cards it held (their tombstones let an undo restore them). */
export type ReplacedSection = { sectionId: number; cardIds: number[] };

/**
 * The write half of a search, ONE board write (api/services/board-ops): count the search against the monthly limit
 * (the user's row first, ADR 0008's order), add the sections and cards below whatever the board holds, name an
 * "Untitled" board after its first query, record the query. A refusal writes nothing; every open screen of the
 * board receives the new rows, and the answer carries them (the client draws them as they are).
 */
export async function writeSearchResults(
  deps: Pick<AppDeps, 'db' | 'clock' | 'eventHub'>,
  user: Viewer,
  request: WriteRequest,
): Promise<{
  queryId: number;
  change: BoardChange;
  renamedFrom: string | null;
  /** What the free plan locks of the new rows for everyone on the board (the owner's plan decides). */
  locked: { sections: number; cards: number };
  replaced: ReplacedSection[];
}> {
  const { result } = request;
  const cardInputs = result.sections.flatMap((section, s) =>
    section.features.map((feature) => ({ sectionIndex: s, feature })),
  );
  const write = await writeBoard(
    deps,
    user,
    request.boardId,
    async (w) => {
      const { tx, board } = w;
      await boardsRepo.updateOwned(tx, w.owner.id, board.id, { updatedAt: w.now });
      // Renamed first: a free owner's section locks are decided from the board's title as it ends up.
      const renamedFrom = await nameAfterFirstQuery(w, request.query);
      // The results a changed reading replaces go first, so the new ones take their place below the rest.
      const replaced = await removeSections(w, request.replaces ?? []);
      const bottom = await searchRepo.boardBottom(tx, board.id, CARD_HEIGHT_VERTICAL, CARD_HEIGHT_HORIZONTAL);
      const dy = bottom === null ? 0 : bottom + SECTION_GAP - LAYOUT_START_Y;
      const paletteStart = await searchRepo.sectionCount(tx, board.id);
      const shift = ({ x, y }: Point): Point => ({ x, y: y + dy });
      let layout = layoutResults(cardInputs, result.sections.length, new Set());
      const sectionIds = await addSections(
        w,
        layout.sections.map((box, i) => ({
          title: result.sections[i].title,
          color: SECTION_PALETTE[(paletteStart + i) % SECTION_PALETTE.length],
          ...shift(box.position),
          ...box.size,
        })),
      );
      // A free owner sees the results first: the new open sections come before the locked ones, which
      // keep their placeholder's size. The lock is decided now (once, as ever) so the layout can follow it; the
      // first section, the answer itself, is never among the locked ones.
      const locked = await lockedSectionIndexes(w, sectionIds);
      if (locked.size > 0) {
        layout = layoutResults(cardInputs, result.sections.length, locked);
        for (const [i, box] of layout.sections.entries())
          await setSectionBox(w, sectionIds[i], { ...shift(box.position), ...box.size });
      }
      const inserter = addCards(w);
      cardInputs.forEach(({ sectionIndex, feature }, i) =>
        inserter.add(cardRowFromFeature(feature, sectionIds[sectionIndex], shift(layout.cards[i]))),
      );
      await inserter.flush();
      // The results are laid out here: the board counts as laid out, on every screen and device (a first
      // auto-layout on the next open would move them).
      if (!board.autoLayoutDone) await setAutoLayoutDone(w, true);
      const queryId = await searchRepo.insertQuery(tx, {
        userId: user.id,
        boardId: board.id,
        text: request.query,
        provider: request.provider,
        resultCount: result.resultCount,
        createdAt: w.now.getTime(),
      });
      const lockedCards = cardInputs.filter((card) => locked.has(card.sectionIndex)).length;
      return { queryId, renamedFrom, locked: { sections: locked.size, cards: lockedCards }, replaced };
    },
    {
      lockFirst: (tx) =>
        consumeSearch({ db: tx, clock: deps.clock, eventHub: deps.eventHub }, user.id).then(() => undefined),
    },
  );
  return { ...write.result, change: write.change };
}

/**
 * Removes sections with their cards, as a delete does (each card kept whole for a while, so an undo can restore it
 * with its id). A section not on the board, or a card the free plan hides, is not found (404): nothing is written.
 */
async function removeSections(w: BoardWrite, sectionIds: readonly number[]): Promise<ReplacedSection[]> {
  const replaced: ReplacedSection[] = [];
  for (const sectionId of new Set(sectionIds)) {
    await requireSection(w, sectionId);
    const cardIds = await cardsRepo.idsInSection(w.tx, sectionId);
    for (const id of cardIds) await deleteCard(w, id);
    await deleteSection(w, sectionId);
    // Nothing is left there to close up.
    w.gaps.delete(sectionId);
    replaced.push({ sectionId, cardIds });
  }
  return replaced;
}

/**
 * Which of the new sections (by index) the free plan locks for this owner; none on a paid plan. The first, the
 * most relevant, stays open: it is what the query asked for, and what the answer's sentence names ("3 Starter
 * Pack matches in Match-3 games, first on the board"), so a lock there would hide the answer and leave the view
 * framing the least relevant section.
 */
async function lockedSectionIndexes(w: BoardWrite, sectionIds: number[]): Promise<Set<number>> {
  if (!isFreePlan(w.owner.planId) || sectionIds.length === 0) return new Set();
  await decideNewSectionLocks(w.tx, w.board.id, { keepOpen: sectionIds[0] });
  const rows = await sectionsRepo.listOnBoardByIds(w.tx, w.board.id, sectionIds);
  const lockedIds = new Set(rows.filter((row) => row.locked === 1).map((row) => row.id));
  return new Set(sectionIds.flatMap((id, i) => (lockedIds.has(id) ? [i] : [])));
}

/**
 * The results laid out from the board's top-left (the caller shifts them below what the board holds): sections in
 * the engine's order, except that locked ones (by index) come after the open ones at their placeholder's size; the
 * cards a lock hides keep their place inside their section as the plain layout had it.
 */
export function layoutResults(
  cards: { sectionIndex: number; feature: { orientation: string | null } }[],
  sectionCount: number,
  locked: Set<number>,
): { sections: { position: Point; size: Size }[]; cards: Point[] } {
  const orientation = (o: string | null) => (o === 'vertical' ? ('vertical' as const) : ('horizontal' as const));
  // Stand-in ids (index + 1), so each row is written once with its position.
  const plain = layoutBoard({
    sections: Array.from({ length: sectionCount }, (_, i) => ({ id: i + 1 })),
    cards: cards.map((c, i) => ({
      id: i + 1,
      sectionId: c.sectionIndex + 1,
      orientation: orientation(c.feature.orientation),
    })),
  });
  if (locked.size === 0) return { sections: plain.sections, cards: plain.cards.map((c) => c.position) };
  const indexes = Array.from({ length: sectionCount }, (_, i) => i);
  const order = [...indexes.filter((i) => !locked.has(i)), ...indexes.filter((i) => locked.has(i))];
  const shown = layoutBoard({
    sections: order.map((i) => (locked.has(i) ? { id: i + 1, size: LOCKED_SECTION_SIZE } : { id: i + 1 })),
    cards: cards.flatMap((c, i) =>
      locked.has(c.sectionIndex)
        ? []
        : [{ id: i + 1, sectionId: c.sectionIndex + 1, orientation: orientation(c.feature.orientation) }],
    ),
  });
  const sectionBox = new Map(shown.sections.map((box) => [box.id, box]));
  const shownCard = new Map(shown.cards.map((card) => [card.id, card.position]));
  const plainSection = new Map(plain.sections.map((box) => [box.id, box]));
  return {
    sections: indexes.map((i) => sectionBox.get(i + 1)!),
    cards: cards.map((c, i) => {
      const placed = shownCard.get(i + 1);
      if (placed) return placed;
      const from = plainSection.get(c.sectionIndex + 1)!.position;
      const to = sectionBox.get(c.sectionIndex + 1)!.position;
      const at = plain.cards[i].position;
      return { x: at.x - from.x + to.x, y: at.y - from.y + to.y };
    }),
  };
}

/**
 * A board still called "Untitled" (or "Untitled N") that gets its first query with results is
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
export async function recordEmptySearch(
  deps: Pick<AppDeps, 'db' | 'clock' | 'eventHub'>,
  user: Viewer,
  request: Omit<WriteRequest, 'result'>,
): Promise<{ queryId: number }> {
  const now = deps.clock.now();
  return await withTransaction(deps.db, async (tx) => {
    const { board } = await requireBoardRole(tx, user, request.boardId, 'editor', { hold: true });
    const queryId = await searchRepo.insertQuery(tx, {
      userId: request.userId,
      boardId: board.id,
      text: request.query,
      provider: request.provider,
      resultCount: 0,
      createdAt: now.getTime(),
    });
    return { queryId };
  });
}
