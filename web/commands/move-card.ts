import type { Point } from '#engine/types';
import { TOASTS } from '#shared/messages/web';
import { sendBoardOps } from '../data/board-ops';
import { toast } from '../stores/toast.store';
import { knownCard, restoreKnownCard, updateKnownCard } from './card-cache';
import type { Command } from './command';
import { resolveCardId } from './id-aliases';
import { failureToast } from '../data/failure-text';

/** Saves a card's position (a card.move op); failure: 'Failed to update card position' (spec §8). */
export function moveCardCommand(cardId: number, to: Point): Command {
  return {
    label: 'Move card',
    async run(ctx) {
      const id = resolveCardId(cardId);
      const before = knownCard(ctx.queryClient, id);
      if (!before) return null;
      const position = { x: to.x, y: to.y };
      updateKnownCard(ctx.queryClient, id, (c) => ({ ...c, position }));
      try {
        await sendBoardOps(ctx.queryClient, before.boardId, [{ type: 'card.move', id, position }]);
        return moveCardCommand(cardId, before.position);
      } catch (err) {
        console.error(err);
        restoreKnownCard(ctx.queryClient, before);
        toast(failureToast(TOASTS.cardPositionFailed, err), 'destructive');
        return null;
      }
    },
  };
}
