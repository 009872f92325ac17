import { useEffect } from 'react';
import type { BoardEngine } from '../../../engine/types';
import type { Card } from '../../data/wire';
import { cardRect } from '../../logic/minimap';
import { useAppStore } from '../../stores/app.store';

/**
 * Carries out "show this card" requests (bookmarks view, find on board) once the card's board is open and its
 * cards are loaded: centre on the card at the requested zoom and highlight it.
 */
export function useFocusRequest(engine: BoardEngine | null, boardId: number | null, cards: Card[] | undefined) {
  const request = useAppStore((s) => s.focusRequest);
  useEffect(() => {
    if (!request || !engine || !cards || boardId !== request.boardId) return;
    const card = cards.find((c) => c.id === request.cardId);
    useAppStore.getState().clearFocusRequest();
    if (!card) return;
    const r = cardRect(card);
    engine.centerOn({ x: r.x + r.width / 2, y: r.y + r.height / 2 }, request.zoom);
    engine.highlight(card.id, request.highlightMs);
    useAppStore.getState().setViewMirror(engine.getView());
  }, [request, engine, boardId, cards]);
}
