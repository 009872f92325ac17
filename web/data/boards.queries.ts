import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';
import { apiJson, getList } from './api-client';
import { boardKeys } from './query-keys';
import { boardSchema, parseList, type Board } from './wire';
import { failureToast } from './failure-text';
import { commandToast } from '../i18n/command-toasts';
import type { ToastText } from '#shared/messages/web';

export const boardsQuery = (userId: number) =>
  queryOptions({
    queryKey: boardKeys.list(userId),
    queryFn: async ({ signal }) =>
      parseList(boardSchema, await getList(`/api/boards?userId=${userId}`, 'Failed to fetch user boards', signal), 'board'),
    // Spec §9: board queries are always stale.
    staleTime: 0,
  });

export function useBoards(userId: number | undefined) {
  return useQuery({ ...boardsQuery(userId ?? 0), enabled: userId !== undefined });
}

/** The user's own boards (boards shared with them are listed after these, with another role). */
export function ownBoards<T extends Pick<Board, 'role'>>(boards: readonly T[]): T[] {
  return boards.filter((b) => b.role === 'owner');
}

/**
 * Spec §4: on load the board with the highest id is selected; the user's own boards first, a board
 * shared with them only when they own none.
 */
export function highestBoardId(boards: readonly Pick<Board, 'id' | 'role'>[]): number | null {
  const highest = (list: readonly Pick<Board, 'id'>[]) => {
    let best: number | null = null;
    for (const b of list) if (b.id > 0 && (best === null || b.id > best)) best = b.id;
    return best;
  };
  return highest(ownBoards(boards)) ?? highest(boards);
}

let nextTemporaryId = -1;

/** A temporary negative id for a board the server has not answered for yet (spec §3). */
export function temporaryBoardId(): number {
  return nextTemporaryId--;
}

export async function createBoardRequest(title: string): Promise<Board> {
  return boardSchema.parse(await apiJson('POST', '/api/boards', { title }));
}

/**
 * Creates a board and selects it at once under a temporary id, then switches to the real id (spec §4). On
 * failure: 'Failed to create new board' and the list is refetched (spec §8).
 */
export async function createBoardOptimistic(queryClient: QueryClient, userId: number, title: string): Promise<Board | null> {
  const key = boardKeys.list(userId);
  const tempId = temporaryBoardId();
  const now = new Date().toISOString();
  const shownTitle = title.trim() || 'Untitled';
  const temp: Board = { id: tempId, title: shownTitle, slug: '', isShared: 0, createdAt: now, updatedAt: now, userId, role: 'owner', autoLayoutDone: 0 };
  queryClient.setQueryData<Board[]>(key, (old) => [...(old ?? []), temp]);
  useAppStore.getState().setCurrentBoardId(tempId);
  try {
    const board = await createBoardRequest(title);
    // A refetch that answered meanwhile may have dropped the temporary row: the board is then added.
    queryClient.setQueryData<Board[]>(key, (old) =>
      old?.some((b) => b.id === tempId) ? old.map((b) => (b.id === tempId ? board : b)) : [...(old ?? []).filter((b) => b.id !== board.id), board],
    );
    if (useAppStore.getState().currentBoardId === tempId) useAppStore.getState().setCurrentBoardId(board.id);
    return board;
  } catch (err) {
    console.error(err);
    toast(failureToast(commandToast('boardCreateFailed'), err), 'destructive');
    queryClient.setQueryData<Board[]>(key, (old) => (old ?? []).filter((b) => b.id !== tempId));
    if (useAppStore.getState().currentBoardId === tempId) {
      useAppStore.getState().setCurrentBoardId(highestBoardId(queryClient.getQueryData<Board[]>(key) ?? []));
    }
    await queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
    return null;
  }
}

export function useCreateBoard(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (title: string) => (userId === undefined ? null : createBoardOptimistic(queryClient, userId, title)),
  });
}

export type DeleteBoardCheck = { ok: true } | { ok: false; toast: ToastText };

/** Spec §5: the id must be a positive number and the board must be one of the user's own, listed locally. */
export function checkBoardDeletable(id: unknown, boards: readonly Pick<Board, 'id' | 'role'>[]): DeleteBoardCheck {
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return { ok: false, toast: commandToast('boardInvalidId') };
  if (!ownBoards(boards).some((b) => b.id === id)) return { ok: false, toast: commandToast('boardNotFound') };
  return { ok: true };
}

