import { sendBoardOps } from '../data/board-ops';
import { insertCachedCard, removeCachedCard } from '../data/cards.queries';
import { boardKeys } from '../data/query-keys';
import type { Board } from '../data/wire';
import { toast } from '../stores/toast.store';
import { knownCard, restoreKnownCard } from './card-cache';
import { isUserAction, type Command, type CommandContext } from './command';
import { resolveCardId } from './id-aliases';
import { failureToast } from '../data/failure-text';
import { moveToasts } from '../i18n/toasts';

function boardTitle(ctx: CommandContext, boardId: number): string {
  for (const [, boards] of ctx.queryClient.getQueriesData<Board[]>({ queryKey: boardKeys.lists() })) {
    const found = boards?.find((b) => b.id === boardId);
    if (found) return found.title;
  }
  return `#${boardId}`;
}

/**
 * Moves a card to another own board (a card.moveToBoard op; the server clears its section). The inverse moves it
 * back and, when it had one, puts it back in its section (a card.setSection op on that board).
 */
export function moveCardToBoardCommand(
  cardId: number,
  boardId: number,
  restoreSectionId: number | null = null,
): Command {
  return {
    label: 'Move card to board',
    async run(ctx) {
      const id = resolveCardId(cardId);
      const before = knownCard(ctx.queryClient, id);
      if (!before) return null;
      removeCachedCard(ctx.queryClient, id);
      try {
        await sendBoardOps(ctx.queryClient, before.boardId, [{ type: 'card.moveToBoard', id, boardId }]);
        const moved: typeof before = { ...before, boardId, sectionId: null };
        if (restoreSectionId !== null) {
          await sendBoardOps(ctx.queryClient, boardId, [{ type: 'card.setSection', id, sectionId: restoreSectionId }]);
          moved.sectionId = restoreSectionId;
        }
        insertCachedCard(ctx.queryClient, moved);
        if (isUserAction(ctx)) toast(moveToasts.movedTo(before.title, boardTitle(ctx, boardId)), 'success');
        return moveCardToBoardCommand(cardId, before.boardId, before.sectionId);
      } catch (err) {
        console.error(err);
        insertCachedCard(ctx.queryClient, before);
        restoreKnownCard(ctx.queryClient, before);
        toast(failureToast(moveToasts.failed(), err), 'destructive');
        return null;
      }
    },
  };
}
