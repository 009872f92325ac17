import { QueryClient } from '@tanstack/react-query';
import { refreshOnPlanChange } from './plan-sync';

/**
 * Spec board-workspace §9: queries are never stale by default, do not refetch on focus, never poll or retry;
 * mutations are not retried. The current user (50 min fresh) and bookmark / board lists (always stale) override
 * this in their own query options. Plan-dependent reads follow the user's plan (plan-sync.ts).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
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
