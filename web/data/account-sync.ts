import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiJson } from './api-client';
import { boardKeys, userKeys } from './query-keys';
import { currentUserSchema, type CurrentUser } from './wire';

/** One month after `from`, as the new reset date the spec's client proposes (the server decides). */
export function oneMonthLater(from: Date): string {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString();
}

/**
 * Spec accounts §4, §7: when usage_reset_date has passed, ask GET /api/auth/check-usage-reset and, when it says
 * so, POST /api/auth/reset-usage with a date a month on. Failures are only logged. Once per user and date.
 */
export function useUsageReset(user: CurrentUser | null) {
  const queryClient = useQueryClient();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!user?.usage_reset_date) return;
    const key = `${user.id}:${user.usage_reset_date}`;
    if (asked.current === key || new Date(user.usage_reset_date).getTime() > Date.now()) return;
    asked.current = key;
    void (async () => {
      try {
        const check = await apiJson<{ shouldReset?: boolean }>('GET', '/api/auth/check-usage-reset');
        if (!check?.shouldReset) return;
        const updated = currentUserSchema.parse(await apiJson('POST', '/api/auth/reset-usage', { newResetDate: oneMonthLater(new Date()) }));
        queryClient.setQueryData(userKeys.current(), updated);
      } catch (err) {
        console.warn('Usage reset check failed', err);
      }
    })();
  }, [user, queryClient]);
}

/** Spec accounts §4: a same-origin 'replit-auth-success' window message refreshes the user and the boards. */
export function useAuthMessages() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin) return;
      if ((e.data as { type?: unknown } | null)?.type !== 'replit-auth-success') return;
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: boardKeys.all });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient]);
}
