import { sendBoardOps } from '../data/board-ops';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';
import { knownCard, restoreKnownCard, updateKnownCard } from './card-cache';
import { isUserAction, type Command } from './command';
import { resolveCardId } from './id-aliases';
import { failureToast } from '../data/failure-text';
import { commandLabel, commandToast } from '../i18n/command-toasts';

/**
 * Bookmark toggle (spec board-workspace §4): optimistic flip, the bookmarks list follows, the new-bookmarks
 * counter goes up on add; on failure the card is restored, the counter goes back down (never below 0) and
 * 'Failed to update bookmark status' is shown.
 */
export function toggleBookmarkCommand(cardId: number): Command {
  return {
    label: commandLabel('bookmark'),
    async run(ctx) {
      const id = resolveCardId(cardId);
      const before = knownCard(ctx.queryClient, id);
      if (!before) return null;
      const adding = before.isBookmarked === 0;
      updateKnownCard(ctx.queryClient, id, (c) => ({ ...c, isBookmarked: adding ? 1 : 0 }));
      if (adding) useAppStore.getState().bookmarkAdded();
      try {
        // The value, not a flip: a batch sent again sets the same state (the answer's row then lands in the cache).
        await sendBoardOps(ctx.queryClient, before.boardId, [{ type: 'card.bookmark', id, value: adding }]);
        if (isUserAction(ctx)) toast(commandToast(adding ? 'addedToBookmarks' : 'removedFromBookmarks'), 'success');
        return toggleBookmarkCommand(cardId);
      } catch (err) {
        console.error(err);
        restoreKnownCard(ctx.queryClient, before);
        if (adding) useAppStore.getState().bookmarkAddReverted();
        toast(failureToast(commandToast('bookmarkFailed'), err), 'destructive');
        return null;
      }
    },
  };
}
