import type { QueryClient } from '@tanstack/react-query';
import { BOARD_DELETE_UNDO_MS } from '#shared/constants';
import { apiJson } from '../data/api-client';
import { highestBoardId } from '../data/boards.queries';
import { boardKeys, bookmarkKeys, cardKeys, sectionKeys } from '../data/query-keys';
import { boardSchema, type Board } from '../data/wire';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';
import { isUserAction, type Command } from './command';
import { executeRecorded, undoEntry } from './history';
import { failureToast } from '../data/failure-text';
import { commandLabel, commandToast } from '../i18n/command-toasts';
import { webI18n } from '../i18n/i18n';

/**
 * Deleting a board is undoable ("No way to lose work by one click"): DELETE /api/boards/:id keeps the
 * board's rows on the server for a while, and the inverse (POST /api/boards/:id/restore) brings the board back
 * with its sections, cards and bookmarks, and selects it again if it was the current one.
 */
/** `deleted` hears how many cards went with the board (the server counts them). */
export function deleteBoardCommand(userId: number, board: Board, deleted?: (cards: number) => void): Command {
  return {
    label: commandLabel('deleteBoard'),
    async run(ctx) {
      const key = boardKeys.list(userId);
      const wasCurrent = useAppStore.getState().currentBoardId === board.id;
      try {
        const result = (await apiJson('DELETE', `/api/boards/${board.id}`)) as { cards?: number } | null;
        const remaining = (ctx.queryClient.getQueryData<Board[]>(key) ?? []).filter((b) => b.id !== board.id);
        ctx.queryClient.setQueryData<Board[]>(key, remaining);
        // Spec §4: deleting the current board selects the highest-id remaining board, or none.
        if (wasCurrent) useAppStore.getState().setCurrentBoardId(highestBoardId(remaining));
        void ctx.queryClient.invalidateQueries({ queryKey: bookmarkKeys.all });
        void ctx.queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
        if (isUserAction(ctx)) deleted?.(result?.cards ?? 0);
        return restoreBoardCommand(userId, board, wasCurrent);
      } catch (err) {
        console.error(err);
        toast(failureToast(commandToast('boardDeleteFailed'), err), 'destructive');
        void ctx.queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
        return null;
      }
    },
  };
}

function restoreBoardCommand(userId: number, board: Board, select: boolean): Command {
  return {
    label: commandLabel('deleteBoard'),
    async run(ctx) {
      try {
        const restored = boardSchema.parse(await apiJson('POST', `/api/boards/${board.id}/restore`));
        ctx.queryClient.setQueryData<Board[]>(boardKeys.list(userId), (old) =>
          [...(old ?? []).filter((b) => b.id !== restored.id), restored].sort((a, b) => a.id - b.id),
        );
        await Promise.all([
          ctx.queryClient.invalidateQueries({ queryKey: cardKeys.list(restored.id) }),
          ctx.queryClient.invalidateQueries({ queryKey: sectionKeys.list(restored.id) }),
          ctx.queryClient.invalidateQueries({ queryKey: bookmarkKeys.all }),
        ]);
        if (select) useAppStore.getState().setCurrentBoardId(restored.id);
        return deleteBoardCommand(userId, restored);
      } catch (err) {
        console.error(err);
        toast(failureToast(commandToast('boardRestoreFailed'), err), 'destructive');
        return null;
      }
    },
  };
}

/**
 * The sidebar's delete: runs the command, then says what went, with an Undo button for 10 s (Ctrl+Z works too,
 * for as long as the server keeps the board).
 */
export async function deleteBoardWithUndo(queryClient: QueryClient, userId: number, board: Board): Promise<boolean> {
  let cards = 0;
  const inverse = await executeRecorded(
    deleteBoardCommand(userId, board, (n) => (cards = n)),
    queryClient,
  );
  if (!inverse) return false;
  toast(commandToast('boardDeleted', { title: board.title, count: cards }), 'success', BOARD_DELETE_UNDO_MS, {
    label: webI18n.t('commands:undoAction'),
    run: () => void undoEntry(inverse, queryClient),
  });
  return true;
}
