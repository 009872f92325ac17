import type { QueryClient } from '@tanstack/react-query';
import { cardSize } from '#shared/card-geometry';
import { cardKeys, sectionKeys } from '../../data/query-keys';
import type { Card, Section } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import type { BoardController } from './board-controller';

type Rect = { x: number; y: number; width: number; height: number };

/**
 * What the first view after new results shows: the first open section (top row first, then left to
 * right) holding any of the given cards; with none in a section, the first row of them. Locked sections hide
 * their cards, so they are never what is framed. Null when there is nothing to show.
 */
export function resultsRect(
  cards: readonly Card[],
  sections: readonly Section[],
  cardIds: readonly number[] | null,
): Rect | null {
  const wanted = cardIds ? new Set(cardIds) : null;
  const shown = cards.filter((c) => !wanted || wanted.has(c.id));
  if (shown.length === 0) return null;
  const holding = new Set(shown.map((c) => c.sectionId).filter((id): id is number => id != null));
  const first = sections
    .filter((s) => !s.locked && holding.has(s.id))
    .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)[0];
  if (first) return { ...first.position, ...first.size };
  const loose = [...shown].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
  const top = loose[0].position.y;
  let rect: Rect | null = null;
  for (const c of loose) {
    if (c.position.y > top + 1) break;
    const r = { ...c.position, ...cardSize(c.orientation === 'vertical' ? 'vertical' : 'horizontal') };
    rect = rect ? union(rect, r) : r;
  }
  return rect;
}

/**
 * Where a board opened without a saved view starts when Reset View would open on a free plan's locked
 * placeholder (a free user's demo board opened on a 'Premium Section'): the first open section, top
 * row first. Null when the top-left section is open (or there is none), so Reset View shows content.
 */
export function openingRect(sections: readonly Section[]): Rect | null {
  const ordered = [...sections].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
  if (!ordered[0]?.locked) return null;
  const open = ordered.find((s) => !s.locked);
  return open ? { ...open.position, ...open.size } : null;
}

function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** Moves the camera to the new results (all the board's cards when `cardIds` is null), clear of the chrome. */
export function frameResults(
  board: BoardController | null,
  queryClient: QueryClient,
  boardId: number,
  cardIds: readonly number[] | null,
): void {
  if (!board || useAppStore.getState().currentBoardId !== boardId) return;
  const cards = queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [];
  const sections = queryClient.getQueryData<Section[]>(sectionKeys.list(boardId)) ?? [];
  const rect = resultsRect(cards, sections, cardIds);
  if (rect) board.frame(rect);
}
