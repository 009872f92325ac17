import type { BoardPerson } from '#shared/presence';
import type { BoardChange } from '#shared/schemas/board-ops';
import type { CompactCardRow } from '#shared/schemas/board-content';
import type { Db } from '../../db/client';
import { cardBookmarksRepo } from '../../db/repositories/card-bookmarks.repo';
import { cardsRepo, type CardRow } from '../../db/repositories/cards.repo';
import { sectionsRepo } from '../../db/repositories/sections.repo';
import { toSection } from '../sections.service';

/**
 * The most rows one change tells row by row. A larger one (Organize on a 10,000-card board) is told as "reload":
 * every screen, the sender's included, loads the board again, which costs less than sending it all.
 */
export const CHANGE_ROWS_MAX = 5_000;

/** What a write has changed on one board so far: ids only; the rows are read once, at the end. */
export class ChangeSet {
  readonly cards = new Set<number>();
  readonly removedCards = new Set<number>();
  readonly sections = new Set<number>();
  readonly removedSections = new Set<number>();
  title: string | null = null;
  /** The board's first-auto-layout flag as the write set it (null: untouched). */
  autoLayoutDone: boolean | null = null;
  sectionsCreated = false;
  /** More changed than a change tells (see CHANGE_ROWS_MAX). */
  tooLarge = false;

  card(id: number) {
    this.removedCards.delete(id);
    this.cards.add(id);
    this.checkSize();
  }
  cardRemoved(id: number) {
    this.cards.delete(id);
    this.removedCards.add(id);
  }
  section(id: number) {
    this.removedSections.delete(id);
    this.sections.add(id);
    this.checkSize();
  }
  sectionRemoved(id: number) {
    this.sections.delete(id);
    this.removedSections.add(id);
  }
  private checkSize() {
    if (this.cards.size + this.sections.size > CHANGE_ROWS_MAX) this.tooLarge = true;
  }
}

/**
 * A card row in the board content page's compact form (shared/schemas/board-content.ts). `bookmarked`: the
 * reader's own bookmark (bookmarks are per person). A change every member hears says 0 there, and a
 * screen keeps its own bookmark of a card it has; only an ops answer, read by its sender, says theirs.
 */
export function toCompactRow(row: CardRow, bookmarked = false): CompactCardRow {
  return [
    row.id,
    row.sectionId ?? null,
    row.x,
    row.y,
    row.orientation === 'vertical' ? 1 : 0,
    bookmarked ? 1 : 0,
    row.title,
    row.description,
    row.game,
    row.gameLink,
    row.tags ?? [],
    row.images ?? [],
    row.reasons ?? [],
  ];
}

/**
 * The change a write made, with the rows as they are now: cards a free owner may not see (cards.locked) are left
 * out, and locked sections say so, exactly as the board content page shows them.
 */
export async function readChange(
  tx: Db,
  boardId: number,
  changes: ChangeSet,
  meta: {
    fromVersion: number;
    version: number;
    batchId: string | null;
    forFreePlan: boolean;
    screen: string | null;
    author?: BoardPerson | null;
  },
): Promise<BoardChange> {
  const base = {
    boardId,
    fromVersion: meta.fromVersion,
    version: meta.version,
    batchId: meta.batchId,
    ...(meta.screen === null ? {} : { screen: meta.screen }),
    ...(meta.author ? { author: meta.author } : {}),
    board:
      changes.title === null
        ? null
        : {
            title: changes.title,
            ...(changes.autoLayoutDone === null ? {} : { autoLayoutDone: changes.autoLayoutDone }),
          },
  };
  if (changes.tooLarge)
    return { ...base, reload: true, cards: [], removedCardIds: [], sections: [], removedSectionIds: [] };
  const cards = await cardsRepo.listOnBoardByIds(tx, boardId, [...changes.cards]);
  const sections = await sectionsRepo.listOnBoardByIds(tx, boardId, [...changes.sections]);
  return {
    ...base,
    reload: false,
    cards: cards.filter((row) => !(meta.forFreePlan && row.locked === 1)).map((row) => toCompactRow(row)),
    removedCardIds: [...changes.removedCards],
    sections: sections.map((row) => ({ ...toSection(row), locked: meta.forFreePlan && row.locked === 1 })),
    removedSectionIds: [...changes.removedSections],
  };
}

/** The change as its sender reads it: its card rows say the sender's own bookmarks (the logged change says none). */
export async function withReaderBookmarks(tx: Db, readerId: number, change: BoardChange): Promise<BoardChange> {
  if (change.cards.length === 0) return change;
  const mine = await cardBookmarksRepo.bookmarkedOf(
    tx,
    readerId,
    change.cards.map((row) => row[0]),
  );
  if (mine.size === 0) return change;
  return { ...change, cards: change.cards.map((row) => (mine.has(row[0]) ? withBookmark(row) : row)) };
}

function withBookmark(row: CompactCardRow): CompactCardRow {
  const copy = [...row] as CompactCardRow;
  copy[5] = 1;
  return copy;
}
