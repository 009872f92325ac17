import { COMPACT_CARD_FIELDS } from '#shared/schemas/board-content';
import { boardContentRepo, type CompactCardRow } from '../db/repositories/board-content.repo';
import type { AppDeps } from '../deps';
import { isFreePlan } from '#shared/section-lock';
import { lockedSectionsOfBoard, type Viewer } from './section-lock.service';
import { listSections } from './sections.service';
import { requireBoardRole } from './board-ops/board-access';

export const CONTENT_PAGE_DEFAULT = 5000;
export const CONTENT_PAGE_MAX = 20_000;

/**
 * One page of a board's content in the compact wire form (GET /api/boards/:id/content): cards as rows of the
 * fields the board draws, in id order after `cursor`; the first page also carries the sections, the total and the
 * board's content version.
 * The text is assembled directly: a 100,000-card board streams in pages without building an object per card.
 */
export async function boardContentPage(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
  boardId: number,
  cursor: number,
  limit: number,
  version: number,
): Promise<string> {
  // A member reads the board as its owner's plan shows it.
  const { owner } = await requireBoardRole(deps.db, viewer, boardId, 'viewer');
  // Deciding any undecided section first; then the cards it hides are marked, and left out by the query.
  await lockedSectionsOfBoard(deps.db, owner, boardId);
  const hidden = isFreePlan(owner.planId);
  const rows = await boardContentRepo.page(deps.db, boardId, viewer.id, cursor, limit + 1, hidden);
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const nextCursor = hasMore ? pageRows[pageRows.length - 1].id : null;
  const head: Record<string, unknown> = { boardId, nextCursor, fields: COMPACT_CARD_FIELDS };
  if (cursor === 0) {
    // The content version read before the page (the page is at least as new): a screen follows the board's
    // changes from it (GET /api/boards/:id/events?since=version).
    head.version = version;
    head.total = await boardContentRepo.count(deps.db, boardId, hidden);
    head.sections = await listSections(deps, viewer, boardId);
  }
  const json = JSON.stringify(head);
  return `${json.slice(0, -1)},"rows":[${pageRows.map(rowText).join(',')}]}`;
}

function rowText(r: CompactCardRow): string {
  return `[${r.id},${r.sectionId ?? 'null'},${r.x},${r.y},${r.orientation === 'vertical' ? 1 : 0},${r.isBookmarked ? 1 : 0},${JSON.stringify(r.title)},${JSON.stringify(r.description)},${JSON.stringify(r.game)},${JSON.stringify(r.gameLink)},${r.tags || '[]'},${r.images || '[]'},${r.reasons || '[]'}]`;
}
