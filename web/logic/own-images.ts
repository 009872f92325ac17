import { CARD_HEIGHT_HORIZONTAL, CARD_WIDTH_HORIZONTAL } from '#shared/constants';
import { OWN_IMAGE_LIMITS } from '#shared/own-images';
import { nearestFreeSpot } from '#shared/board-reflow';

/** Pure rules for adding own images, tested in Node. */
export type Point = { x: number; y: number };
export type ImageSource = { kind: 'file'; file: File } | { kind: 'link'; url: string };

/** Gap between cards laid out in a grid where several files were dropped. */
const GRID_GAP = 24;

/**
 * Top-left board positions for `count` new cards centred on `center`: one card sits on the point, several make a
 * near-square grid around it.
 */
export function gridPlacements(center: Point, count: number): Point[] {
  const cols = Math.max(1, Math.ceil(Math.sqrt(count)));
  const rows = Math.ceil(count / cols);
  const stepX = CARD_WIDTH_HORIZONTAL + GRID_GAP;
  const stepY = CARD_HEIGHT_HORIZONTAL + GRID_GAP;
  const left = center.x - (cols * stepX - GRID_GAP) / 2;
  const top = center.y - (rows * stepY - GRID_GAP) / 2;
  return Array.from({ length: count }, (_, i) => ({
    x: left + (i % cols) * stepX,
    y: top + Math.floor(i / cols) * stepY,
  }));
}

export type Rect = { x: number; y: number; width: number; height: number };

/** World units kept between new cards and the edge of the view. */
const VIEW_MARGIN = 16;

/**
 * Where new own cards go, decided before they upload so their placeholders show it (a dropped image's
 * card landed half off-screen, away from its placeholder): the grid around the point, moved inside `view` (the
 * visible world rectangle) when it sticks out, then each card at the nearest spot that covers none of
 * `obstacles` (the board's cards, and its sections other than the one dropped on) nor a card placed before it.
 * @example placeOwnCards({ x: 1380, y: 500 }, 1, { x: 0, y: 0, width: 1400, height: 900 }, []) // [{ x: 1044, y: 360 }]
 */
export function placeOwnCards(center: Point, count: number, view: Rect | null, obstacles: readonly Rect[]): Point[] {
  const grid = gridPlacements(center, count);
  const size = { width: CARD_WIDTH_HORIZONTAL, height: CARD_HEIGHT_HORIZONTAL };
  let dx = 0;
  let dy = 0;
  if (view && grid.length > 0) {
    const left = Math.min(...grid.map((p) => p.x));
    const top = Math.min(...grid.map((p) => p.y));
    const right = Math.max(...grid.map((p) => p.x)) + size.width;
    const bottom = Math.max(...grid.map((p) => p.y)) + size.height;
    dx = shiftInto(left, right, view.x + VIEW_MARGIN, view.x + view.width - VIEW_MARGIN);
    dy = shiftInto(top, bottom, view.y + VIEW_MARGIN, view.y + view.height - VIEW_MARGIN);
  }
  const taken = [...obstacles];
  return grid.map((p) => {
    const spot = nearestFreeSpot({ x: p.x + dx, y: p.y + dy }, size, taken);
    taken.push({ ...spot, ...size });
    return spot;
  });
}

/** How far to move [start, end] to lie within [min, max]; a span wider than the room starts at `min`. */
function shiftInto(start: number, end: number, min: number, max: number): number {
  if (end - start > max - min || start < min) return min - start;
  if (end > max) return max - end;
  return 0;
}

/** One http(s) link in pasted or dropped text, or null (several lines or anything else is not a link). */
export function linkFromText(text: string | null | undefined): string | null {
  const lines = (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  if (lines.length !== 1) return null;
  try {
    const url = new URL(lines[0]);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** What a drop or paste brings: its files, else one link; at most 50 (`dropped` says how many were left out). */
export function sourcesFrom(files: readonly File[], text: string | null): { sources: ImageSource[]; dropped: number } {
  const all: ImageSource[] = files.length > 0 ? files.map((file) => ({ kind: 'file', file })) : [];
  if (all.length === 0) {
    const link = linkFromText(text);
    if (link) all.push({ kind: 'link', url: link });
  }
  const max = OWN_IMAGE_LIMITS.maxFilesAtOnce;
  return { sources: all.slice(0, max), dropped: Math.max(0, all.length - max) };
}

/** Runs `worker` over `items`, at most `limit` at a time, in order of start; resolves when all have settled. */
export async function runLimited<T>(
  items: readonly T[],
  limit: number,
  worker: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await worker(items[index], index).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The section (not locked) containing a board point, topmost first. */
export function sectionAtPoint<
  S extends { id: number; position: Point; size: { width: number; height: number }; locked?: boolean },
>(sections: readonly S[], p: Point): S | null {
  for (let i = sections.length - 1; i >= 0; i--) {
    const s = sections[i];
    if (s.locked) continue;
    if (
      p.x >= s.position.x &&
      p.x < s.position.x + s.size.width &&
      p.y >= s.position.y &&
      p.y < s.position.y + s.size.height
    )
      return s;
  }
  return null;
}
