import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { BoardSessions } from './board-session';
import { refreshOnPlanChange } from './plan-sync';
import { cardKeys } from './query-keys';

/**
 * The screen's query client, and with it the screen's board sessions (board-session.ts): one registry, built with
 * the client and reached through it, so every function that is handed the client reaches the same sessions. A
 * board's session goes when its cached card list does (react-query drops it a while after the board is left, or
 * on a reset): the version it holds is the version of that cached copy.
 */
export class LootQueryClient extends QueryClient {
  readonly boards: BoardSessions;

  constructor(config?: QueryClientConfig) {
    super(config);
    this.boards = new BoardSessions(this);
    const lists = cardKeys.lists();
    this.getQueryCache().subscribe((event) => {
      if (event.type !== 'removed') return;
      const key = event.query.queryKey;
      if (key.length === lists.length + 1 && lists.every((part, i) => key[i] === part) && typeof key[lists.length] === 'number') {
        this.boards.dispose(key[lists.length] as number);
      }
    });
  }
}

/** The board sessions of the screen the query client belongs to. */
export function boardSessions(queryClient: QueryClient): BoardSessions {
  if (queryClient instanceof LootQueryClient) return queryClient.boards;
  throw new Error('Board sessions live on a LootQueryClient (createQueryClient)');
}

/**
 * Spec board-workspace §9: queries are never stale by default, do not refetch on focus, never poll or retry;
 * mutations are not retried. The current user (50 min fresh) and bookmark / board lists (always stale) override
 * this in their own query options. Plan-dependent reads follow the user's plan (plan-sync.ts).
 */
export function createQueryClient(): LootQueryClient {
  const client = new LootQueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  refreshOnPlanChange(client);
  return client;
}
