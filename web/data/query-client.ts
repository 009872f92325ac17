import { QueryClient } from '@tanstack/react-query';

/**
 * Spec board-workspace §9: queries are never stale by default, do not refetch on focus, never poll or retry;
 * mutations are not retried. The current user (50 min fresh) and bookmark / board lists (always stale) override
 * this in their own query options.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
