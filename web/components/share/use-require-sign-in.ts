import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { goToLogin, useCurrentUser } from '../../data/user.queries';
import type { CurrentUser } from '../../data/wire';
import { rememberPostLoginRedirect } from '../../logic/post-login-redirect';
import { usePostLoginRedirect } from './use-post-login-redirect';

export type SignInState =
  { status: 'checking' } | { status: 'redirecting' } | { status: 'signed-in'; user: CurrentUser };

/**
 * Pages that need a signed-in user (spec accounts §2 /collections, /feature-search, /share/{code}; §6): while the
 * user is read the state is 'checking'; a guest has the path and query kept as the post-login redirect and is
 * sent to login; a signed-in user's saved redirect is honoured and cleared.
 */
export function useRequireSignIn(): SignInState {
  const userQuery = useCurrentUser();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const user = userQuery.data ?? null;
  const guest = userQuery.isSuccess && !user;
  usePostLoginRedirect(user);

  useEffect(() => {
    if (!guest) return;
    rememberPostLoginRedirect(here);
    goToLogin(here);
  }, [guest, here]);

  if (userQuery.isPending) return { status: 'checking' };
  if (!user) return { status: 'redirecting' };
  return { status: 'signed-in', user };
}
