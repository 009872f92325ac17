import { TOASTS } from '#shared/messages/web';
import { sendBoardOps } from '../data/board-ops';
import { syncCachedBookmark } from '../data/bookmarks.queries';
import { withCardDetails } from '../data/card-details';
import { insertCachedCard, removeCachedCard } from '../data/cards.queries';
import { cardToCreateBody, type Card } from '../data/wire';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';
import { knownCard } from './card-cache';
import { isUserAction, type Command } from './command';
import { aliasCardId, resolveCardId } from './id-aliases';
import { failureToast } from '../data/failure-text';

function forget(card: Card, queryClient: Parameters<Command['run']>[0]['queryClient']) {
  removeCachedCard(queryClient, card.id);
  syncCachedBookmark(queryClient, { ...card, isBookmarked: 0 });
  const store = useAppStore.getState();
  if (store.selectedCardIds.includes(card.id)) store.setSelection(store.selectedCardIds.filter((x) => x !== card.id));
  if (store.pinnedCardId === card.id) store.setPinnedCardId(null);
}

/** A card.delete op: 'Card Deleted' on success, 'Deletion Error' and the card back on failure (spec §8). */
export function deleteCardCommand(cardId: number): Command {
  return {
    label: 'Delete card',
    async run(ctx) {
      const id = resolveCardId(cardId);
      const listed = knownCard(ctx.queryClient, id);
      if (!listed) return null;
      // The undo re-creates the card, so it needs the details a large board's compact list leaves out.
      const before = await withCardDetails(listed).catch(() => listed);
      forget(before, ctx.queryClient);
      try {
        await sendBoardOps(ctx.queryClient, before.boardId, [{ type: 'card.delete', id }]);
        if (isUserAction(ctx)) toast(TOASTS.cardDeleted, 'success');
        return restoreCardCommand(before);
      } catch (err) {
        console.error(err);
        insertCachedCard(ctx.queryClient, before);
        syncCachedBookmark(ctx.queryClient, before);
        toast(failureToast(TOASTS.cardDeleteFailed, err), 'destructive');
        return null;
      }
    },
  };
}

/** Undo of a delete: the card is created again (a card.create op) and its old id now points at the new one. */
export function restoreCardCommand(snapshot: Card): Command {
  return {
    label: 'Delete card',
    async run(ctx) {
      try {
        const { boardId, ...card } = cardToCreateBody(snapshot);
        const { refs } = await sendBoardOps(ctx.queryClient, boardId, [{ type: 'card.create', ref: 'restored', card }]);
        const created: Card = { ...snapshot, id: refs.restored };
        aliasCardId(snapshot.id, created.id);
        // The answer's row is in the board's cache already when the board is loaded; the details come from the snapshot.
        insertCachedCard(ctx.queryClient, created);
        syncCachedBookmark(ctx.queryClient, created);
        return deleteCardCommand(created.id);
      } catch (err) {
        console.error(err);
        toast(failureToast(TOASTS.cardDeleteFailed, err), 'destructive');
        return null;
      }
    },
  };
}
