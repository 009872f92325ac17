import { SECTION_TEXT } from '#shared/messages/web';
import { requestMoreLikeSection } from '../data/more-like-section';
import { findCachedSection } from '../data/sections.queries';
import { failureText } from '../data/failure-text';
import type { Card } from '../data/wire';
import { cardKeys } from '../data/query-keys';
import { toast } from '../stores/toast.store';
import { actionCommand } from './board-action';
import type { Command } from './command';

/**
 * "More like this section": the search adds up to 10 new cards to the section and grows it (one request, one
 * change). Counts as a search against the monthly limit (the server decides). The undo deletes the added cards and
 * gives the section back its size, as one batch; redoing it restores the same cards (no second search is spent).
 */
export function moreLikeSectionCommand(boardId: number, sectionId: number): Command {
  return {
    label: SECTION_TEXT.moreLikeThis,
    async run(ctx) {
      const before = findCachedSection(ctx.queryClient, boardId, sectionId);
      try {
        const answer = await requestMoreLikeSection(ctx.queryClient, boardId, sectionId);
        if (!answer.success) {
          toast({ title: SECTION_TEXT.moreLikeThis, description: answer.message });
          return null;
        }
        toast({ title: SECTION_TEXT.moreLikeThis, description: answer.message }, 'success');
        const grown = findCachedSection(ctx.queryClient, boardId, sectionId);
        const added = new Set(answer.cardIds);
        const known = new Map<number, Card>(
          (ctx.queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [])
            .filter((c) => added.has(c.id))
            .map((c) => [c.id, c]),
        );
        return actionCommand(SECTION_TEXT.moreLikeThis, {
          label: SECTION_TEXT.moreLikeThis,
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
          failure: { title: SECTION_TEXT.moreLikeThis, description: SECTION_TEXT.moreLikeThisFailed },
        });
      } catch (err) {
        console.error(err);
        const message = failureText(err, SECTION_TEXT.moreLikeThisFailed);
        toast({ title: SECTION_TEXT.moreLikeThis, description: message }, 'destructive');
        return null;
      }
    },
  };
}
