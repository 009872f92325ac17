import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CurrentUser } from '../../data/wire';
import { takePostLoginRedirect } from '../../logic/post-login-redirect';

/**
 * Spec accounts §2: "After login, a saved postLoginRedirect path is navigated to and cleared." Mounted on the
 * screens a signed-in user lands on; on the saved page itself it only clears the key.
 */
export function usePostLoginRedirect(user: CurrentUser | null | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!user) return;
    const target = takePostLoginRedirect(here);
    if (target) void navigate(target, { replace: true });
  }, [user, here, navigate]);
}
