import { hashKey, type QueryClient } from '@tanstack/react-query';
import { featureSearchKeys } from './feature-search.queries';
import { boardKeys, bookmarkKeys, cardKeys, sectionKeys, storageKeys, userKeys } from './query-keys';
import type { CurrentUser } from './wire';

/**
 * Everything the server answers differently by plan: the free plan's locked sections and their cards (boards,
 * sections, cards, bookmarks), feature search's cut, and the storage quota.
 */
export const PLAN_DEPENDENT_KEYS = [boardKeys.all, sectionKeys.all, cardKeys.all, bookmarkKeys.all, featureSearchKeys.all, storageKeys.all] as const;

/**
 * Re-reads every plan-dependent query the moment the cached user's plan changes, whoever changed it: a plan
 * switch, a Stripe subscription change, the payment return page, an auth message, a fresh read of the user
 * (the plan page's storage line kept the old quota until a reload, because each path had to
 * remember its own invalidations). Installed once on the query client; returns the unsubscribe.
 */
export function refreshOnPlanChange(queryClient: QueryClient): () => void {
  const userHash = hashKey(userKeys.current());
  let knownPlan: number | null = null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== userHash) return;
    // No user (signed out, or a read aborted and answered null) says nothing about the plan: signing in or out
    // loads the whole page anyway.
    const plan = (event.query.state.data as CurrentUser | null | undefined)?.plan_id;
    if (plan === undefined) return;
    const before = knownPlan;
    knownPlan = plan;
    if (before === null || before === plan) return;
    for (const queryKey of PLAN_DEPENDENT_KEYS) void queryClient.invalidateQueries({ queryKey });
  });
}
