import type { LayoutUpdate } from '#shared/layout';
import { BOARD_BATCH_ITEMS_MAX } from '#shared/constants';
import { apiJson } from '../data/api-client';
import { sendBoardOps } from '../data/board-ops';
import { cardKeys, sectionKeys } from '../data/query-keys';
import type { Card, Section } from '../data/wire';
import { toast } from '../stores/toast.store';
import type { Command, CommandContext } from './command';
import { failureToast } from '../data/failure-text';

/** The layout items that put the board's cards and sections back where they are now (for undo). */
export function currentLayoutOf(
  ctx: Pick<CommandContext, 'queryClient'>,
  boardId: number,
  updates: LayoutUpdate[],
): LayoutUpdate[] {
  const cards = new Map((ctx.queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? []).map((c) => [c.id, c]));
  const sections = new Map(
    (ctx.queryClient.getQueryData<Section[]>(sectionKeys.list(boardId)) ?? []).map((s) => [s.id, s]),
  );
  const out: LayoutUpdate[] = [];
  for (const u of updates) {
    if (u.type === 'card') {
      const card = cards.get(u.id);
      if (card) out.push({ type: 'card', id: u.id, position: card.position });
    } else {
      const section = sections.get(u.id);
      if (section) out.push({ type: 'section', id: u.id, position: section.position, size: section.size });
    }
  }
  return out;
}

function applyToCache(ctx: CommandContext, boardId: number, updates: LayoutUpdate[]) {
  const cardMoves = new Map<number, LayoutUpdate>();
  const sectionMoves = new Map<number, LayoutUpdate>();
  for (const u of updates) (u.type === 'card' ? cardMoves : sectionMoves).set(u.id, u);
  ctx.queryClient.setQueryData<Card[]>(cardKeys.list(boardId), (old) =>
    old?.map((c) => {
      const u = cardMoves.get(c.id);
      return u ? { ...c, position: u.position } : c;
    }),
  );
  ctx.queryClient.setQueryData<Section[]>(sectionKeys.list(boardId), (old) =>
    old?.map((s) => {
      const u = sectionMoves.get(s.id);
      return u && u.type === 'section' ? { ...s, position: u.position, size: u.size } : s;
    }),
  );
}

/**
 * Saves a layout (a layout.set op) and applies it to the cache. A failed save throws to
 * the caller (spec §8: "A failed layout save throws the error to the caller"), after putting the cache back.
 */
export async function saveLayout(
  ctx: CommandContext,
  boardId: number,
  updates: LayoutUpdate[],
): Promise<LayoutUpdate[]> {
  const previous = currentLayoutOf(ctx, boardId, updates);
  applyToCache(ctx, boardId, updates);
  try {
    const cards = updates.flatMap((u) => (u.type === 'card' ? [{ id: u.id, position: u.position }] : []));
    const sections = updates.flatMap((u) =>
      u.type === 'section' ? [{ id: u.id, position: u.position, size: u.size }] : [],
    );
    // Past a board's worth the ops door refuses a layout.set: the layout route writes it on the server's worker, and
    // the change it logs makes every open screen (this one too) load the board again.
    if (cards.length > BOARD_BATCH_ITEMS_MAX) await apiJson('PATCH', `/api/boards/${boardId}/layout`, { updates });
    else await sendBoardOps(ctx.queryClient, boardId, [{ type: 'layout.set', cards, sections }]);
    return previous;
  } catch (err) {
    applyToCache(ctx, boardId, previous);
    throw err;
  }
}

/**
 * Organize Cards as an undoable command (the automatic runs call saveLayout directly, outside the history), and
 * the one save of a local re-layout; `failure` is the toast a refused save shows, if any.
 */
export function applyLayoutCommand(
  boardId: number,
  updates: LayoutUpdate[],
  failure?: { title: string; description: string },
): Command {
  return {
    label: 'Organize cards',
    async run(ctx) {
      try {
        const previous = await saveLayout(ctx, boardId, updates);
        return applyLayoutCommand(boardId, previous, failure);
      } catch (err) {
        console.error('Layout save failed', err);
        if (failure) toast(failureToast(failure, err), 'destructive');
        return null;
      }
    },
  };
}
