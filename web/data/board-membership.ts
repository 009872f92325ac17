import type { QueryClient } from '@tanstack/react-query';
import type { MemberRole } from '#shared/schemas/board-members';
import type { GoneReason } from '#shared/schemas/live';
import { webI18n } from '../i18n/i18n';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';
import { highestBoardId } from './boards.queries';
import { failureToast } from './failure-text';
import { forgetBoard, removeMember } from './members.queries';
import { boardKeys } from './query-keys';
import type { Board } from './wire';

/**
 * A board the user no longer has: it leaves the cached list, and if it was open another board opens
 * (their own first, as on load).
 */
function dropBoard(queryClient: QueryClient, boardId: number): void {
  forgetBoard(queryClient, boardId);
  const store = useAppStore.getState();
  if (store.currentBoardId !== boardId) return;
  const remaining = queryClient.getQueriesData<Board[]>({ queryKey: boardKeys.lists() }).flatMap(([, boards]) => boards ?? []);
  store.setCurrentBoardId(highestBoardId(remaining));
}

function cachedTitle(queryClient: QueryClient, boardId: number): string {
  for (const [, boards] of queryClient.getQueriesData<Board[]>({ queryKey: boardKeys.lists() })) {
    const found = boards?.find((b) => b.id === boardId);
    if (found) return found.title;
  }
  return '';
}

/**
 * The board's stream said it is gone (shared/schemas/live.ts): deleted by its owner (the list is read again, as
 * before team boards), or this user was removed from it: the board closes with a message saying so.
 */
export function boardGone(queryClient: QueryClient, boardId: number, reason: GoneReason): void {
  if (reason === 'removed') {
    const title = cachedTitle(queryClient, boardId);
    toast({ title: webI18n.t('team:access.removedTitle', { title }), description: webI18n.t('team:access.removedDetail') }, 'destructive');
    dropBoard(queryClient, boardId);
    return;
  }
  void queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
}

/**
 * The owner changed this user's role on the board (the stream's `role` event): the cached list takes it, so what
 * the screen offers follows at once (board-role.ts reads the role from the list), and a toast says so.
 */
export function boardRoleChanged(queryClient: QueryClient, boardId: number, role: MemberRole): void {
  let changed = false;
  queryClient.setQueriesData<Board[]>({ queryKey: boardKeys.lists() }, (boards) =>
    boards?.map((b) => {
      if (b.id !== boardId || b.role === role) return b;
      changed = true;
      return { ...b, role };
    }),
  );
  if (changed) toast({ title: webI18n.t(role === 'editor' ? 'team:access.nowEditor' : 'team:access.nowViewer', { title: cachedTitle(queryClient, boardId) }) }, 'success');
}

/** A member leaves a board shared with them (DELETE /api/boards/:id/members/:me); answers whether it worked. */
export async function leaveBoard(queryClient: QueryClient, board: Pick<Board, 'id' | 'title'>, userId: number): Promise<boolean> {
  try {
    await removeMember(queryClient, board.id, userId);
  } catch (err) {
    console.error(err);
    toast(failureToast({ title: webI18n.t('team:access.leaveFailed') }, err), 'destructive');
    return false;
  }
  dropBoard(queryClient, board.id);
  toast({ title: webI18n.t('team:access.left', { title: board.title }) }, 'success');
  return true;
}
