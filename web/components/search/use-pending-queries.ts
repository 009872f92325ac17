import { useEffect, useRef } from 'react';
import { createBoardOptimistic } from '../../data/boards.queries';
import type { CurrentUser } from '../../data/wire';
import { hasPendingQuery, pendingTarget, takePendingQuery } from '../../logic/search/pending-query';
import { useAppStore } from '../../stores/app.store';
import { submitSearch, type SearchContext } from '../../flows/search-flow';

type BoardState = { boardId: number | null; loaded: boolean; hasContent: boolean };

/**
 * Queries that run on their own:
 * - a guest's query kept across sign-in (spec accounts §6): once signed in and the current board has loaded,
 *   it runs on that board while it is empty, else on a new board with the pending title;
 * - find similar's query (spec board-workspace §4): set in the store for the new board, run once that board is
 *   the current one.
 * `show` puts a restored guest query in the search box so the user sees what is running; find similar's built
 * query never goes there.
 */
export function usePendingQueries(
  ctx: SearchContext,
  user: CurrentUser | null,
  board: BoardState,
  show: (text: string, boardId: number) => void,
) {
  const latest = useRef({ ctx, show });
  latest.current = { ctx, show };
  const pendingSimilar = useAppStore((s) => s.pendingQuery);
  const restoring = useRef(false);

  useEffect(() => {
    if (!user || board.boardId === null || board.boardId <= 0 || !board.loaded) return;
    if (restoring.current || !hasPendingQuery()) return;
    const pending = takePendingQuery();
    if (!pending) return;
    restoring.current = true;
    const { ctx: c, show: s } = latest.current;
    const target = pendingTarget(board.hasContent, pending.boardTitle);
    void (async () => {
      try {
        let boardId = board.boardId;
        if (target.kind === 'new')
          boardId = (await createBoardOptimistic(c.queryClient, user.id, target.title))?.id ?? null;
        if (boardId === null) return;
        s(pending.query, boardId);
        await submitSearch(c, pending.query, boardId);
      } finally {
        restoring.current = false;
      }
    })();
  }, [user, board.boardId, board.loaded, board.hasContent]);

  const handledSimilar = useRef<object | null>(null);
  useEffect(() => {
    if (!user || !pendingSimilar || pendingSimilar.boardId !== board.boardId || board.boardId <= 0 || !board.loaded)
      return;
    if (handledSimilar.current === pendingSimilar) return;
    handledSimilar.current = pendingSimilar;
    useAppStore.getState().setPendingQuery(null);
    // The search box keeps what the user typed: find similar's query is built for the engine, not for people.
    void submitSearch(latest.current.ctx, pendingSimilar.text, pendingSimilar.boardId);
  }, [user, pendingSimilar, board.boardId, board.loaded]);
}
