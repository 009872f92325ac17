import { requestMoreLikeSection } from '../data/more-like-section';
import { findCachedSection } from '../data/sections.queries';
import { failureText } from '../data/failure-text';
import type { Card } from '../data/wire';
import { cardKeys } from '../data/query-keys';
import { toast } from '../stores/toast.store';
import { actionCommand } from './board-action';
import type { Command } from './command';
import { commandLabel, commandToast } from '../i18n/command-toasts';

/**
 * "More like this section": the search adds up to 10 new cards to the section and grows it (one request, one
 * change). Counts as a search against the monthly limit (the server decides). The undo deletes the added cards and
 * gives the section back its size, as one batch; redoing it restores the same cards (no second search is spent).
 */
export function moreLikeSectionCommand(boardId: number, sectionId: number): Command {
  const label = commandLabel('moreLikeSection');
  const failure = commandToast('moreLikeSectionFailed');
  return {
    label,
    async run(ctx) {
      const before = findCachedSection(ctx.queryClient, boardId, sectionId);
      try {
        const answer = await requestMoreLikeSection(ctx.queryClient, boardId, sectionId);
        if (!answer.success) {
          toast({ title: label, description: answer.message });
          return null;
        }
        toast({ title: label, description: answer.message }, 'success');
        const grown = findCachedSection(ctx.queryClient, boardId, sectionId);
        const added = new Set(answer.cardIds);
        const known = new Map<number, Card>(
          (ctx.queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [])
            .filter((c) => added.has(c.id))
            .map((c) => [c.id, c]),
        );
        return actionCommand(label, {
          label,
          boardId,
          ops: [
            ...answer.cardIds.map((id) => ({ type: 'card.delete' as const, id })),
            ...(before ? [{ type: 'section.resize' as const, id: sectionId, size: before.size }] : []),
          ],
          inverse: [
            ...answer.cardIds.map((id) => ({ type: 'card.restore' as const, id })),
            ...(grown ? [{ type: 'section.resize' as const, id: sectionId, size: grown.size }] : []),
          ],
          inverseKnown: known,
          failure,
        });
      } catch (err) {
        console.error(err);
        toast({ title: label, description: failureText(err, failure.description ?? '') }, 'destructive');
        return null;
      }
    },
  };
}
