import { useEffect } from 'react';
import type { BoardEngine } from '#engine/types';
import type { Card } from '../../data/wire';
import { isLayoutApplied } from '../../logic/layout-flags';
import { cardRect } from '#shared/card-geometry';
import { useAppStore } from '../../stores/app.store';
import { isLayoutRunning } from '../../flows/organize';

/** How long a focus request waits for the board's first layout before centring anyway. */
const LAYOUT_WAIT_MAX_MS = 3000;
const LAYOUT_WAIT_STEP_MS = 100;

/**
 * The first open of a board with content lays it out (spec §4 auto-layout), which moves its cards: centring
 * before that would aim at where the card used to be.
 */
function layoutPending(boardId: number, cardCount: number): boolean {
  if (isLayoutRunning()) return true;
  return cardCount > 0 && !useAppStore.getState().autoLayoutDisabled && !isLayoutApplied(boardId);
}

/**
 * Carries out "show this card" requests (bookmarks view, find on board) once the card's board is open, its
 * cards are loaded and its first layout has settled: centre on the card at the requested zoom and highlight it.
 */
export function useFocusRequest(engine: BoardEngine | null, boardId: number | null, cards: Card[] | undefined) {
  const request = useAppStore((s) => s.focusRequest);
  useEffect(() => {
    if (!request || !engine || !cards || boardId === null || boardId !== request.boardId) return;
    const deadline = Date.now() + LAYOUT_WAIT_MAX_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const focus = () => {
      if (layoutPending(boardId, cards.length) && Date.now() < deadline) {
        // The layout's new positions arrive as a new `cards` array, which re-runs this effect.
        timer = setTimeout(focus, LAYOUT_WAIT_STEP_MS);
        return;
      }
      const card = cards.find((c) => c.id === request.cardId);
      useAppStore.getState().clearFocusRequest();
      if (!card) return;
      const r = cardRect(card);
      engine.centerOn({ x: r.x + r.width / 2, y: r.y + r.height / 2 }, request.zoom);
      engine.highlight(card.id, request.highlightMs);
      useAppStore.getState().setViewMirror(engine.getView());
    };
    focus();
    return () => clearTimeout(timer);
  }, [request, engine, boardId, cards]);
}
