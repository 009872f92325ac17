import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { BoardRole } from '#shared/schemas/board-members';
import { useAppStore } from '../stores/app.store';
import { boardsQuery } from './boards.queries';
import { boardKeys } from './query-keys';
import { useCurrentUser } from './user.queries';
import type { Board } from './wire';

/**
 * The one place that says what the user may do on a board: their role on it, as GET /api/boards
 * listed it. A board not (yet) in the list is taken as the user's own (a board just created has a temporary id
 * and no row yet); the server checks every request anyway, so this only decides what the screen offers.
 */
export function boardRoleIn(boards: readonly Pick<Board, 'id' | 'role'>[] | undefined, boardId: number | null): BoardRole {
  if (boardId === null) return 'owner';
  return boards?.find((b) => b.id === boardId)?.role ?? 'owner';
}

/** An editor and the owner change the board's content; a viewer only looks, exports and copies. */
export const canEditBoard = (role: BoardRole): boolean => role !== 'viewer';

/** Only the owner renames, deletes, shares by copy link and manages members. */
export const ownsBoard = (role: BoardRole): boolean => role === 'owner';

/**
 * The open board as the signed-in user's list has it (undefined while the list loads, or for a new board). It reads
 * the list the board page keeps: the list is always stale (spec §9), so without `refetchOnMount: false` every card
 * hover, menu and toolbar that asks for the role would read GET /api/boards again.
 */
export function useOpenBoard(): Board | undefined {
  const user = useCurrentUser().data ?? null;
  const boardId = useAppStore((s) => s.currentBoardId);
  const boards = useQuery({ ...boardsQuery(user?.id ?? 0), enabled: user !== null, refetchOnMount: false }).data;
  return boards?.find((b) => b.id === boardId);
}

/** The signed-in user's role on the open board. */
export function useBoardRole(): BoardRole {
  const board = useOpenBoard();
  return board ? board.role : boardRoleIn(undefined, null);
}

/** Whether the open board's content is the user's to change (false for a viewer). */
export function useCanEdit(): boolean {
  return canEditBoard(useBoardRole());
}

/** The same, outside React (keyboard handlers, commands): read from the cached board list. */
export function currentBoardCanEdit(queryClient: QueryClient): boolean {
  const boardId = useAppStore.getState().currentBoardId;
  for (const [, boards] of queryClient.getQueriesData<Board[]>({ queryKey: boardKeys.lists() })) {
    const found = boards?.find((b) => b.id === boardId);
    if (found) return canEditBoard(found.role);
  }
  return true;
}
