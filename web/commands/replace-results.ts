import type { QueryClient } from '@tanstack/react-query';
import type { BoardOpInput } from '#shared/schemas/board-ops';
import { cardKeys, sectionKeys } from '../data/query-keys';
import type { Card, Section } from '../data/wire';
import type { ShownReading } from '../logic/search/reading-edit';
import { useSearchStatus } from '../components/search/search-status.store';
import { actionCommand, type ActionCommand } from './board-action';
import type { Command } from './command';

/** One side of a changed reading: the query's results (sections with their cards) and what the panel said of them. */
export type ResultsSide = { shown: ShownReading | null; notice: string | null };

/** Results to bring back: their sections as they were, and each card (kept whole by its delete) with its section. */
export type RemovedResults = {
  sections: readonly Section[];
  cards: readonly { id: number; sectionId: number }[];
  /** The cards as this screen had them, drawn before the answer. */
  known: ReadonlyMap<number, Card>;
};

/**
 * Swaps a query's results on the board for other results of the same query, in ONE batch: the sections shown now
 * (`remove`) go with their cards, and the ones removed earlier come back (`bring`): each section made again where it
 * was, each card restored with its id and put back into it. The undo of a changed reading (and its redo): its
 * inverse swaps back, with the ids the sections were made again under. The search panel shows the reading of the
 * side brought back.
 */
export function swapResultsCommand(
  label: string,
  boardId: number,
  remove: { sectionIds: readonly number[]; side: ResultsSide },
  bring: RemovedResults & { side: ResultsSide },
): ActionCommand {
  return actionCommand(label, (queryClient) => {
    const gone = removedNow(queryClient, boardId, remove.sectionIds);
    const ref = (i: number) => `results-${i}`;
    const refOf = new Map(bring.sections.map((s, i) => [s.id, ref(i)]));
    const ops: BoardOpInput[] = [
      ...gone.cards.map((c) => ({ type: 'card.delete' as const, id: c.id })),
      ...gone.sections.map((s) => ({ type: 'section.delete' as const, id: s.id })),
      ...bring.sections.map((s, i) => ({
        type: 'section.create' as const,
        ref: ref(i),
        section: { title: s.title, color: s.color, position: s.position, size: s.size },
      })),
      ...bring.cards.flatMap((c) => {
        const sectionRef = refOf.get(c.sectionId);
        return [
          { type: 'card.restore' as const, id: c.id },
          ...(sectionRef ? [{ type: 'card.setSection' as const, id: c.id, sectionId: null, sectionRef }] : []),
        ];
      }),
    ];
    return {
      label,
      boardId,
      ops,
      inverse: [],
      known: bring.known,
      afterApplied: (refs): Command => {
        const sectionIds = bring.sections.map((_, i) => refs[ref(i)]).filter((id) => id !== undefined);
        const { shown, notice } = bring.side;
        useSearchStatus.getState().showReading(shown ? { ...shown, boardId, sectionIds } : null, notice);
        return swapResultsCommand(label, boardId, { sectionIds, side: bring.side }, { ...gone, side: remove.side });
      },
    };
  });
}

/** The sections to remove as this screen has them now, with their cards (the ones it sees). */
function removedNow(
  queryClient: QueryClient,
  boardId: number,
  sectionIds: readonly number[],
): RemovedResults & { cards: { id: number; sectionId: number }[] } {
  const ids = new Set(sectionIds);
  const sections = (queryClient.getQueryData<Section[]>(sectionKeys.list(boardId)) ?? []).filter((s) => ids.has(s.id));
  const cards = (queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? []).filter(
    (c) => c.sectionId != null && ids.has(c.sectionId),
  );
  return {
    sections,
    cards: cards.map((c) => ({ id: c.id, sectionId: c.sectionId! })),
    known: new Map(cards.map((c) => [c.id, c])),
  };
}
