import type { QueryClient } from '@tanstack/react-query';
import { createBoardOptimistic } from '../data/boards.queries';
import { fetchGameInfo } from '../data/game-info.queries';
import { userKeys } from '../data/query-keys';
import type { Card, CurrentUser } from '../data/wire';
import { similarQueryText } from '#shared/similar-query';
import { similarBoardTitle } from '../logic/similar';
import { isAtMonthlyLimit } from '#shared/usage-limit';
import { useAppStore } from '../stores/app.store';
import { toast } from '../stores/toast.store';
import { refuseAtLimit } from './search-flow';
import { failureToast } from '../data/failure-text';
import { webI18n } from '../i18n/i18n';

/** A toast of find similar, in the language of the moment. */
const similarToast = (key: 'authError' | 'findingSimilar' | 'findSimilarFailed') => ({
  title: webI18n.t(`cards:toasts.${key}.title`),
  description: webI18n.t(`cards:toasts.${key}.description`),
});

/**
 * Whether Find similar would run a search now (signed in, searches left): only then does a hover toolbar ask
 * first; otherwise startFindSimilar answers at once with the sign-in or limit message.
 */
export function findSimilarWouldSearch(queryClient: QueryClient): boolean {
  const user = queryClient.getQueryData<CurrentUser | null>(userKeys.current());
  return !!user && !isAtMonthlyLimit(user.usage_count, user.monthly_limit);
}

/**
 * Find similar (spec board-workspace §4, §5, §8): the usage and sign-in checks, then a new board 'Similar to:
 * ...' selected at once, and the pending query text for it. Running the query is the search flow's job
 *, which reads `pendingQuery` from the store.
 */
export async function startFindSimilar(
  queryClient: QueryClient,
  card: Card,
  navigate: (path: string) => void,
): Promise<void> {
  const user = queryClient.getQueryData<CurrentUser | null>(userKeys.current());
  if (!user) {
    toast(similarToast('authError'), 'destructive');
    return;
  }
  if (isAtMonthlyLimit(user.usage_count, user.monthly_limit)) {
    refuseAtLimit({ queryClient, navigate });
    return;
  }
  toast(similarToast('findingSimilar'), 'info');
  try {
    const info = card.game ? await fetchGameInfo(card.game) : { success: false as const };
    const board = await createBoardOptimistic(queryClient, user.id, similarBoardTitle(card.title));
    if (!board) throw new Error('board not created');
    useAppStore.getState().setPendingQuery({ boardId: board.id, text: similarQueryText(card, info.subgenre) });
  } catch (err) {
    console.error(err);
    toast(failureToast(similarToast('findSimilarFailed'), err), 'destructive');
  }
}
