import type { QueryClient } from '@tanstack/react-query';
import type { BoardOpInput } from '#shared/schemas/board-ops';
import { boardKeys, cardKeys } from '../data/query-keys';
import type { Board, Card } from '../data/wire';
import { moveToasts } from '../i18n/toasts';
import { actionCommand, type ActionCommand } from './board-action';

function boardTitle(queryClient: QueryClient, boardId: number): string {
  for (const [, boards] of queryClient.getQueriesData<Board[]>({ queryKey: boardKeys.lists() })) {
    const found = boards?.find((b) => b.id === boardId);
    if (found) return found.title;
  }
  return `#${boardId}`;
}

/**
 * Moves cards to another of the user's boards as one change: a card.moveToBoard per card in one batch on the board
 * they leave (the server closes the holes they leave in their sections in the same change; they arrive loose). The
 * undo is one batch on the board they went to, putting each back where it was, in its section.
 */
export function moveCardsToBoardCommand(
  fromBoardId: number,
  cardIds: readonly number[],
  toBoardId: number,
  label = 'Move card to board',
): ActionCommand {
  return actionCommand(label, (queryClient) => {
    const onBoard = queryClient.getQueryData<Card[]>(cardKeys.list(fromBoardId)) ?? [];
    const moving = cardIds.flatMap((id) => onBoard.filter((c) => c.id === id));
    if (moving.length === 0 || toBoardId === fromBoardId) return null;
    const destination = boardTitle(queryClient, toBoardId);
    const ops: BoardOpInput[] = moving.map((c) => ({ type: 'card.moveToBoard', id: c.id, boardId: toBoardId }));
    const inverse: BoardOpInput[] = moving.map((c) => ({
      type: 'card.moveToBoard',
      id: c.id,
      boardId: fromBoardId,
      back: { sectionId: c.sectionId ?? null, position: c.position },
    }));
    return {
      label,
      boardId: fromBoardId,
      otherBoardId: toBoardId,
      ops,
      inverse,
      success:
        moving.length === 1
          ? moveToasts.movedTo(moving[0].title, destination)
          : moveToasts.manyMovedTo(moving.length, destination),
      failure: moveToasts.failed(),
    };
  });
}
