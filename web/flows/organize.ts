import type { QueryClient } from '@tanstack/react-query';
import { LOCKED_SECTION_SIZE, layoutBoard, toLayoutUpdates } from '#shared/layout';
import { applyLayoutCommand, saveLayout } from '../commands/apply-layout';
import { execute } from '../commands/history';
import { cardKeys, sectionKeys } from '../data/query-keys';
import type { Card, Section } from '../data/wire';
import { markLayoutApplied } from '../logic/layout-flags';
import { useAppStore } from '../stores/app.store';

/** Spec §4: only one layout run at a time (the guard lives in the store's flows slice). */
export function isLayoutRunning(): boolean {
  return useAppStore.getState().layoutRunning;
}

/**
 * Lays the board out with the shared algorithm and saves it (PATCH /api/boards/:id/layout). Organize Cards
 * records it in the undo history; the automatic runs do not. Answers false when a run was already going or the
 * save failed.
 */
export async function organizeBoard(
  queryClient: QueryClient,
  boardId: number,
  options: { record: boolean; laidOut?: () => void },
): Promise<boolean> {
  if (isLayoutRunning() || boardId <= 0) return false;
  useAppStore.getState().setLayoutRunning(true);
  try {
    const cards = queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [];
    const sections = queryClient.getQueryData<Section[]>(sectionKeys.list(boardId)) ?? [];
    const updates = toLayoutUpdates(
      layoutBoard({
        cards: cards.map((c) => ({ id: c.id, sectionId: c.sectionId ?? null, orientation: c.orientation })),
        // A free user's open sections come before the locked ones, so the results are what is seen first.
        // Its locked sections keep their placeholder's size instead of shrinking to an empty strip. An
        // open section keeps the size it has (the user may have chosen it), grown only where its cards need room.
        sections: [
          ...sections.filter((s) => !s.locked).map((s) => ({ id: s.id, size: s.size })),
          ...sections.filter((s) => s.locked).map((s) => ({ id: s.id, size: LOCKED_SECTION_SIZE })),
        ],
      }),
    );
    if (updates.length === 0) return true;
    if (options.record) {
      const ok = await execute(applyLayoutCommand(boardId, updates), queryClient);
      if (ok) markLayoutApplied(boardId);
      return ok;
    }
    // saveLayout puts the layout in the cache before its request: `laidOut` sees the new positions at once.
    const saving = saveLayout({ queryClient, source: 'user' }, boardId, updates);
    options.laidOut?.();
    await saving;
    markLayoutApplied(boardId);
    return true;
  } catch (err) {
    console.error('Auto-layout failed', err);
    return false;
  } finally {
    useAppStore.getState().setLayoutRunning(false);
  }
}
