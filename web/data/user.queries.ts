import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiJson, isAbortError } from './api-client';
import { userKeys } from './query-keys';
import { currentUserSchema, type CurrentUser } from './wire';

/** Spec §9: the current user stays fresh 50 minutes, no refetch on focus or mount, refetch on reconnect. */
const CURRENT_USER_FRESH_MS = 50 * 60_000;

/** GET /api/current-user; a 401 means "not signed in" (spec §6), answered as null. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return currentUserSchema.parse(await apiJson('GET', '/api/current-user', undefined, { signal }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    if (isAbortError(err)) return null;
    throw err;
  }
}

export const currentUserQuery = () =>
  queryOptions({
    queryKey: userKeys.current(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: CURRENT_USER_FRESH_MS,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: true,
  });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}

/** The name the sidebar shows: first name, else the email's local part. */
export function displayName(user: CurrentUser): string {
  if (user.firstName?.trim()) return user.firstName.trim();
  if (user.email) return user.email.split('@')[0];
  return `User ${user.id}`;
}

/**
 * Spec accounts §2: login is a full-page navigation. On localhost it goes to the login page, which offers both the
 * dev login and email / password (going straight to /api/dev-login left the form out of reach).
 */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname === '::1';
}

export function loginUrl(hostname: string, returnTo: string): string {
  const encoded = encodeURIComponent(returnTo);
  return isLocalHost(hostname) ? `/login?returnTo=${encoded}` : `/api/login?returnTo=${encoded}`;
}

/**
 * Sign out: POST /api/logout (a GET from another site must not be able to sign anyone out, so the server ends a
 * session only on a same-origin POST or navigation), then a full-page load of / so every cached query is gone.
 */
export async function signOut(): Promise<void> {
  try {
    await apiJson('POST', '/api/logout');
  } finally {
    window.location.assign('/');
  }
}

/** Full-page navigation to sign in, coming back to `returnTo` (default: where the user is now). */
export function goToLogin(returnTo: string = `${window.location.pathname}${window.location.search}`): void {
  window.location.assign(loginUrl(window.location.hostname, returnTo));
}

/** POST /api/auth/login or /api/auth/register (spec accounts §7): sets the session cookie; errors are ApiError. */
export async function signInWithPassword(mode: 'signIn' | 'signUp', body: { email: string; password: string; firstName?: string }): Promise<void> {
  await apiJson('POST', mode === 'signIn' ? '/api/auth/login' : '/api/auth/register', body);
}
