import { TOASTS, cardAddedToSectionToast } from '#shared/messages/web';
import { sendBoardOps } from '../data/board-ops';
import { sectionKeys } from '../data/query-keys';
import type { Section } from '../data/wire';
import { toast } from '../stores/toast.store';
import { knownCard, restoreKnownCard, updateKnownCard } from './card-cache';
import { isUserAction, type Command, type CommandContext } from './command';
import { resolveCardId } from './id-aliases';
import { failureToast } from '../data/failure-text';
import { moveToasts } from '../i18n/toasts';

/**
 * Which surface asked, because the spec gives each its own feedback (§8): the context menu ('Card added to
 * section' / 'Card unlinked from section', failure 'Failed to update card–section assignment'), a drag
 * ('Card moved', failure logged only) and the move dialog ('Card moved' naming card and destination, failure
 * 'Could not move the card'); the Russian locale says these in the spec's words.
 */
export type SectionChangeSource = 'menu' | 'drag' | 'dialog' | 'selection';

function sectionTitle(ctx: CommandContext, boardId: number, sectionId: number | null): string {
  if (sectionId === null) return moveToasts.noSection();
  const sections = ctx.queryClient.getQueryData<Section[]>(sectionKeys.list(boardId));
  return sections?.find((s) => s.id === sectionId)?.title ?? `#${sectionId}`;
}

/** A card.setSection op (null unlinks). */
export function setCardSectionCommand(cardId: number, sectionId: number | null, source: SectionChangeSource): Command {
  return {
    label: sectionId === null ? 'Unlink card from section' : 'Move card to section',
    async run(ctx) {
      const id = resolveCardId(cardId);
      const before = knownCard(ctx.queryClient, id);
      if (!before) return null;
      updateKnownCard(ctx.queryClient, id, (c) => ({ ...c, sectionId }));
      try {
        await sendBoardOps(ctx.queryClient, before.boardId, [{ type: 'card.setSection', id, sectionId }]);
        if (isUserAction(ctx)) {
          const title = sectionTitle(ctx, before.boardId, sectionId);
          if (source === 'menu')
            toast(sectionId === null ? TOASTS.cardUnlinked : cardAddedToSectionToast(title), 'success');
          if (source === 'drag') toast(moveToasts.moved(), 'success');
          if (source === 'dialog') toast(moveToasts.movedTo(before.title, title), 'success');
        }
        return setCardSectionCommand(cardId, before.sectionId, source);
      } catch (err) {
        restoreKnownCard(ctx.queryClient, before);
        if (source === 'drag') console.error('Section change from drag failed', err);
        else {
          console.error(err);
          toast(failureToast(source === 'menu' ? TOASTS.sectionAssignFailed : moveToasts.failed(), err), 'destructive');
        }
        return null;
      }
    },
  };
}
