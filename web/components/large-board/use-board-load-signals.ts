import { useEffect, useRef, useState } from 'react';
import type { BoardController } from '../board/board-controller';

/** Performance marks of a board's load (the benchmark reads them; once per board and page life). */
export const BOARD_DRAWN_MARK = 'loot:board-drawn';
export const BOARD_COMPLETE_MARK = 'loot:board-complete';

/**
 * The board's load milestones, as data attributes for the canvas host (WebGL cannot be read from the DOM; tests
 * and the benchmark read these): `data-board-drawn` is the board id once its first full frame with cards is drawn
 * (the engine's boardDrawn), `data-cards` the cards handed to the engine, `data-cards-complete` 'true' once the
 * whole board has streamed in. The same two moments are performance marks carrying the board id.
 */
export function useBoardLoadSignals(
  board: BoardController | null,
  boardId: number | null,
  cardCount: number,
  complete: boolean,
) {
  const [drawnBoardId, setDrawnBoardId] = useState<number | null>(null);
  const current = useRef(boardId);
  current.current = boardId;
  const marked = useRef({ drawn: new Set<number>(), complete: new Set<number>() });

  useEffect(() => {
    if (!board) return;
    return board.on('boardDrawn', ({ cards, ms }) => {
      const id = current.current;
      if (id === null || cards === 0) return;
      setDrawnBoardId(id);
      if (!marked.current.drawn.has(id)) {
        marked.current.drawn.add(id);
        performance.mark(BOARD_DRAWN_MARK, { detail: { boardId: id, cards, sinceSetBoardMs: ms } });
      }
    });
  }, [board]);

  const whole = complete && cardCount > 0;
  useEffect(() => {
    if (!whole || boardId === null || marked.current.complete.has(boardId)) return;
    marked.current.complete.add(boardId);
    performance.mark(BOARD_COMPLETE_MARK, { detail: { boardId, cards: cardCount } });
  }, [whole, boardId, cardCount]);

  return {
    'data-board-drawn': drawnBoardId === boardId && boardId !== null ? boardId : undefined,
    'data-cards': cardCount,
    'data-cards-complete': whole ? 'true' : undefined,
  };
}
