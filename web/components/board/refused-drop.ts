import type { QueryClient } from '@tanstack/react-query';
import type { BoardController } from './board-controller';
import { currentBoardCanEdit } from '../../data/board-role';
import { boardKeys, cardKeys } from '../../data/query-keys';
import type { Board, Card } from '../../data/wire';
import { webI18n } from '../../i18n/i18n';
import { toast } from '../../stores/toast.store';

/**
 * After a drop the server did not save: the cards glide back to where the board has them (the drop command put
 * its cache back; the engine still draws them where they were let go, and a cache that ends where it began
 * changes nothing the canvas would redraw), and the user is told why. A role lowered mid-drag is the usual cause
 * (the server answers 403): the board list is read again first, so the message names it even when the stream's
 * word of the new role has not arrived yet. `toasted`: the command already said something (a loose card's spec
 * message), kept unless the role is the reason.
 */
export async function showRefusedDrop(
  queryClient: QueryClient,
  controller: BoardController,
  boardId: number,
  cardIds: number[],
  toasted: boolean,
): Promise<void> {
  const cards = queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [];
  controller.putBack(cards.filter((c) => cardIds.includes(c.id)));
  await queryClient.refetchQueries({ queryKey: boardKeys.lists() }).catch(() => undefined);
  const count = cardIds.length;
  if (!currentBoardCanEdit(queryClient)) {
    const lists = queryClient.getQueriesData<Board[]>({ queryKey: boardKeys.lists() });
    const title = lists.flatMap(([, boards]) => boards ?? []).find((b) => b.id === boardId)?.title ?? '';
    toast(
      {
        title: webI18n.t('team:access.dropRefusedTitle'),
        description: webI18n.t('team:access.dropRefused', { title, count }),
      },
      'destructive',
    );
    return;
  }
  if (!toasted)
    toast(
      { title: webI18n.t('team:access.dropRefusedTitle'), description: webI18n.t('team:access.dropFailed', { count }) },
      'destructive',
    );
}
