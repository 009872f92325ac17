import type { QueryClient } from '@tanstack/react-query';
import { BOARD_BATCH_ITEMS_MAX } from '#shared/constants';
import type { BoardOpInput } from '#shared/schemas/board-ops';
import { actionCommand } from '../commands/board-action';
import { execute } from '../commands/history';
import { cardKeys, sectionKeys } from '../data/query-keys';
import type { Card, Section } from '../data/wire';
import { useAppStore } from '../stores/app.store';

/** Spec §4: only one layout run at a time (the guard lives in the store's flows slice). */
export function isLayoutRunning(): boolean {
  return useAppStore.getState().layoutRunning;
}

/**
 * The layout.set that puts every card and section back where this screen has them now: the undo of an Organize.
 * Past a batch's worth of items there is none (such an Organize cannot be undone item by item).
 */
function layoutNow(queryClient: QueryClient, boardId: number): BoardOpInput[] {
  const cards = queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [];
  const sections = queryClient.getQueryData<Section[]>(sectionKeys.list(boardId)) ?? [];
  if (cards.length > BOARD_BATCH_ITEMS_MAX) return [];
  return [
    {
      type: 'layout.set',
      cards: cards.map((c) => ({ id: c.id, position: c.position })),
      sections: sections.filter((s) => !s.locked).map((s) => ({ id: s.id, position: s.position, size: s.size })),
    },
  ];
}

/**
 * Organize Cards: one board.organize op, laid out by the server with the shared auto-layout from the board as it
 * is when the batch lands (this screen shows the same layout at once, predicted with the same function). Organize
 * Cards records it in the undo history; the automatic runs do not, and the first one also sets the board's
 * "laid out once" flag in the same batch. Answers false when a run was already going or the server refused it.
 */
export async function organizeBoard(
  queryClient: QueryClient,
  boardId: number,
  options: { record: boolean; laidOut?: () => void; firstLayout?: boolean },
): Promise<boolean> {
  if (isLayoutRunning() || boardId <= 0) return false;
  useAppStore.getState().setLayoutRunning(true);
  try {
    const command = actionCommand('Organize cards', (qc) => ({
      label: 'Organize cards',
      boardId,
      ops: [
        { type: 'board.organize' },
        ...(options.firstLayout ? [{ type: 'board.autoLayoutDone' as const, value: true }] : []),
      ],
      inverse: layoutNow(qc, boardId),
    }));
    const ok = await execute(command, queryClient, { record: options.record });
    if (ok) options.laidOut?.();
    return ok;
  } finally {
    useAppStore.getState().setLayoutRunning(false);
  }
}
