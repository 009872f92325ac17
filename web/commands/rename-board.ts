import { storeBoardTitle } from '../data/board-changes';
import { sendBoardOps } from '../data/board-ops';
import { boardKeys } from '../data/query-keys';
import { failureToast } from '../data/failure-text';
import { toast } from '../stores/toast.store';
import { isUserAction, type Command } from './command';
import { commandLabel, commandToast } from '../i18n/command-toasts';

/**
 * A board's rename (undoable, through the ops door): the new title shows at once in every boards list,
 * goes to the server as a board.rename op, and is put back with the spec's failure toast when refused. The inverse
 * renames it back.
 */
export function renameBoardCommand(boardId: number, from: string, to: string): Command {
  return {
    label: commandLabel('renameBoard'),
    async run(ctx) {
      storeBoardTitle(ctx.queryClient, boardId, to);
      try {
        await sendBoardOps(ctx.queryClient, boardId, [{ type: 'board.rename', title: to }]);
        if (isUserAction(ctx)) toast(commandToast('boardRenamed'), 'success');
        return renameBoardCommand(boardId, to, from);
      } catch (err) {
        console.error(err);
        storeBoardTitle(ctx.queryClient, boardId, from);
        toast(failureToast(commandToast('boardRenameFailed'), err), 'destructive');
        return null;
      } finally {
        void ctx.queryClient.invalidateQueries({ queryKey: boardKeys.lists() });
      }
    },
  };
}
