import type { ExportOrientation, ExportPaper } from '#shared/schemas/export';

/**
 * Where everything sits on the pages of the PDF reference pack, as plain numbers (points, 1/72 inch): the paper,
 * the card grid, and the page plan (cover pages, then each section's cards, perPage to a page). The plan is made
 * before the first byte is written, so every page can say "n / total" and the cover can give each section's page.
 */
export type Rect = { x: number; y: number; width: number; height: number };
export type PdfLayoutOptions = { paper: ExportPaper; orientation: ExportOrientation; perPage: 2 | 4 };

const PAPER_POINTS: Record<ExportPaper, [number, number]> = { a4: [595.28, 841.89], letter: [612, 792] };

export const PAGE_MARGIN = 36;
/** The section title band at the top of a card page. */
export const SECTION_BAND = 30;
/** The page number line at the bottom. */
export const FOOTER_BAND = 22;
export const CELL_GAP = 12;
/** Cover: the title block above the section list on the first cover page, and one line per section. */
export const COVER_HEADER = 150;
export const COVER_LINE = 18;

export function pageSize(paper: ExportPaper, orientation: ExportOrientation): { width: number; height: number } {
  const [short, long] = PAPER_POINTS[paper];
  return orientation === 'portrait' ? { width: short, height: long } : { width: long, height: short };
}

/** The area between the section band and the footer, where cards go. */
export function cardArea(options: PdfLayoutOptions): Rect {
  const { width, height } = pageSize(options.paper, options.orientation);
  const top = PAGE_MARGIN + SECTION_BAND;
  return { x: PAGE_MARGIN, y: top, width: width - 2 * PAGE_MARGIN, height: height - top - PAGE_MARGIN - FOOTER_BAND };
}

/**
 * The card cells of a page, in reading order. Two to a page: stacked on portrait paper, side by side on
 * landscape; four to a page: two by two.
 */
export function cardCells(options: PdfLayoutOptions): Rect[] {
  const area = cardArea(options);
  const [columns, rows] = options.perPage === 4 ? [2, 2] : options.orientation === 'portrait' ? [1, 2] : [2, 1];
  const width = (area.width - CELL_GAP * (columns - 1)) / columns;
  const height = (area.height - CELL_GAP * (rows - 1)) / rows;
  const cells: Rect[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      cells.push({ x: area.x + column * (width + CELL_GAP), y: area.y + row * (height + CELL_GAP), width, height });
    }
  }
  return cells;
}

export type PlannedPage =
  | { kind: 'cover'; first: number; count: number }
  | { kind: 'cards'; group: number; first: number; count: number; continued: boolean };

/** Section lines that fit on the first cover page (below the title block) and on each further cover page. */
export function coverCapacity(options: PdfLayoutOptions): { first: number; next: number } {
  const { height } = pageSize(options.paper, options.orientation);
  const usable = height - 2 * PAGE_MARGIN - FOOTER_BAND;
  return {
    first: Math.max(1, Math.floor((usable - COVER_HEADER) / COVER_LINE)),
    next: Math.max(1, Math.floor(usable / COVER_LINE)),
  };
}

/**
 * Every page of the pack in order: the cover (continued over more pages when the section list is long), then for
 * each section with cards, ceil(cards / perPage) pages. A section without cards is listed on the cover only.
 *
 * @example planPages([3, 0, 5], {paper: 'a4', orientation: 'portrait', perPage: 4}).length // 1 + 1 + 2 = 4
 */
export function planPages(cardCounts: readonly number[], options: PdfLayoutOptions): PlannedPage[] {
  const pages: PlannedPage[] = [];
  const capacity = coverCapacity(options);
  let listed = 0;
  do {
    const count = Math.min(cardCounts.length - listed, listed === 0 ? capacity.first : capacity.next);
    pages.push({ kind: 'cover', first: listed, count });
    listed += count;
  } while (listed < cardCounts.length);
  cardCounts.forEach((total, group) => {
    for (let first = 0; first < total; first += options.perPage) {
      pages.push({
        kind: 'cards',
        group,
        first,
        count: Math.min(options.perPage, total - first),
        continued: first > 0,
      });
    }
  });
  return pages;
}

/** The 1-based page number where each group's cards start (null for a group without cards). */
export function groupStartPages(pages: readonly PlannedPage[], groupCount: number): (number | null)[] {
  const starts: (number | null)[] = new Array(groupCount).fill(null);
  pages.forEach((page, index) => {
    if (page.kind === 'cards' && !page.continued) starts[page.group] = index + 1;
  });
  return starts;
}

/** Pixels for a box of `points` at the pack's image resolution (about 150 dpi: sharp on paper, small files). */
export const IMAGE_DPI = 150;
export const pointsToPixels = (points: number) => Math.max(1, Math.ceil((points / 72) * IMAGE_DPI));
