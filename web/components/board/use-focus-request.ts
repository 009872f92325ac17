import { useEffect } from 'react';
import type { BoardController } from './board-controller';
import type { Card } from '../../data/wire';
import { useSections } from '../../data/sections.queries';
import { cardRect } from '#shared/card-geometry';
import { useAppStore } from '../../stores/app.store';

/**
 * Carries out "show this card" requests (bookmarks view, find on board) once the card's board is open, its
 * cards and sections are loaded and no layout is running: centre on the card at the requested zoom and highlight
 * it.
 *
 * Nothing here waits on a clock. A layout moves the cards, so centring during one would aim at where the card
 * used to be; the hook reads the store's `layoutRunning` and the board's queries, and React runs it again when any
 * of them changes. The first auto-layout starts in the same commit that completes the board's cards and sections
 * (its hook runs before this one on the board page), so by the time this effect sees a loaded board, a layout it
 * triggers is already marked running.
 */
export function useFocusRequest(board: BoardController | null, boardId: number | null, cards: Card[] | undefined) {
  const request = useAppStore((s) => s.focusRequest);
  const layoutRunning = useAppStore((s) => s.layoutRunning);
  const sectionsLoaded = useSections(boardId).isSuccess;
  useEffect(() => {
    if (!request || !board || !cards || boardId === null || boardId !== request.boardId) return;
    // The store's value now, not the render's: the first layout starts in an effect of this same commit.
    if (!sectionsLoaded || layoutRunning || useAppStore.getState().layoutRunning) return;
    const card = cards.find((c) => c.id === request.cardId);
    useAppStore.getState().clearFocusRequest();
    if (!card) return;
    const r = cardRect(card);
    board.centerOn({ x: r.x + r.width / 2, y: r.y + r.height / 2 }, request.zoom);
    board.highlight(card.id, request.highlightMs);
  }, [request, board, boardId, cards, sectionsLoaded, layoutRunning]);
}
