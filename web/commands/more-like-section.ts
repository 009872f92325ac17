import { SECTION_TEXT } from '#shared/messages/web';
import { moreLikeSectionResponse } from '#shared/schemas/search';
import { apiJson } from '../data/api-client';
import { sendBoardOps } from '../data/board-ops';
import { cardKeys, sectionKeys } from '../data/query-keys';
import { findCachedSection } from '../data/sections.queries';
import { removeCachedCard } from '../data/cards.queries';
import { cardSchema, type Card } from '../data/wire';
import { toast } from '../stores/toast.store';
import { resolveCardId } from './id-aliases';
import { batchCommand } from './batch';
import type { Command } from './command';
import { restoreCardCommand } from './delete-card';
import { resizeSectionCommand } from './section-commands';
import { failureText } from '../data/failure-text';

/**
 * "More like this section": POST /api/gemini/more-like-section adds up to 10 new cards to the section
 * and grows it; the board's cards and sections are read again. Counts as a search against the monthly limit (the
 * server decides). The undo deletes the added cards and gives the section back its size, as one history entry;
 * redoing it puts the same cards back (no second search is spent).
 */
export function moreLikeSectionCommand(boardId: number, sectionId: number): Command {
  return {
    label: SECTION_TEXT.moreLikeThis,
    async run(ctx) {
      const before = findCachedSection(ctx.queryClient, boardId, sectionId);
      try {
        const answer = moreLikeSectionResponse.parse(
          await apiJson('POST', '/api/gemini/more-like-section', { sectionId }),
        );
        if (!answer.success) {
          toast({ title: SECTION_TEXT.moreLikeThis, description: answer.message });
          return null;
        }
        await Promise.all([
          ctx.queryClient.invalidateQueries({ queryKey: cardKeys.list(boardId) }),
          ctx.queryClient.invalidateQueries({ queryKey: sectionKeys.list(boardId) }),
        ]);
        toast({ title: SECTION_TEXT.moreLikeThis, description: answer.message }, 'success');
        const undo: Command[] = [removeAddedCardsCommand(boardId, answer.cardIds)];
        if (before) undo.push(resizeSectionCommand(boardId, sectionId, before.size));
        return batchCommand(SECTION_TEXT.moreLikeThis, undo);
      } catch (err) {
        console.error(err);
        const message = failureText(err, SECTION_TEXT.moreLikeThisFailed);
        toast({ title: SECTION_TEXT.moreLikeThis, description: message }, 'destructive');
        return null;
      }
    },
  };
}

/**
 * The undo of "more like this section": the added cards are read in full (for the redo), deleted in one ops batch,
 * and dropped from the cache. Works from the ids alone, so it does not depend on the board's list having been refreshed yet.
 */
function removeAddedCardsCommand(boardId: number, cardIds: number[]): Command {
  return {
    label: SECTION_TEXT.moreLikeThis,
    async run(ctx) {
      let removed: Card[] = [];
      try {
        const cards: Card[] = [];
        for (const id of cardIds) cards.push(cardSchema.parse(await apiJson('GET', `/api/cards/${resolveCardId(id)}`)));
        // One batch: the cards go together or not at all.
        await sendBoardOps(
          ctx.queryClient,
          boardId,
          cards.map((card) => ({ type: 'card.delete' as const, id: card.id })),
        );
        for (const card of cards) removeCachedCard(ctx.queryClient, card.id);
        removed = cards;
      } catch (err) {
        console.error(err);
        toast(
          { title: SECTION_TEXT.moreLikeThis, description: failureText(err, SECTION_TEXT.moreLikeThisFailed) },
          'destructive',
        );
      }
      await ctx.queryClient.invalidateQueries({ queryKey: cardKeys.list(boardId) });
      return removed.length
        ? batchCommand(
            SECTION_TEXT.moreLikeThis,
            removed.map((card) => restoreCardCommand(card)),
          )
        : null;
    },
  };
}
