import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { boardKeys, userKeys } from './query-keys';
import { applyDueUsageReset } from './search.queries';
import type { CurrentUser } from './wire';

/**
 * Spec accounts §4, §7: when usage_reset_date has passed, the monthly reset is asked for on load too (the
 * search flow asks again before each query), so the usage meter does not show last month's count. Once per
 * user and date; the server decides.
 */
export function useUsageReset(user: CurrentUser | null) {
  const queryClient = useQueryClient();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!user?.usage_reset_date) return;
    const key = `${user.id}:${user.usage_reset_date}`;
    if (asked.current === key || new Date(user.usage_reset_date).getTime() > Date.now()) return;
    asked.current = key;
    void applyDueUsageReset(user).then((updated) => {
      if (updated !== user) queryClient.setQueryData(userKeys.current(), updated);
    });
  }, [user, queryClient]);
}

/**
 * Spec accounts §4: a same-origin auth-success window message refreshes the user and the boards. The product's
 * own type is 'loot-auth-success'; the spec's original name 'replit-auth-success' is accepted too.
 */
const AUTH_SUCCESS_TYPES = new Set(['loot-auth-success', 'replit-auth-success']);

export function useAuthMessages() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      const type = (e.data as { type?: unknown } | null)?.type;
      if (typeof type !== 'string' || !AUTH_SUCCESS_TYPES.has(type)) return;
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: boardKeys.all });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient]);
}
