import { SESSION_KEYS } from '#shared/constants';
import { safeReturnTo } from './return-to';

/**
 * The post-login redirect (spec accounts §2 /feature-search, §6): a guest sent to login from Feature Search,
 * Collections or a share link has the path kept in session storage; after login it is navigated to and cleared.
 * Only same-site relative paths are kept (safeReturnTo).
 */
export function rememberPostLoginRedirect(
  path: string,
  storage: Storage | undefined = globalThis.sessionStorage,
): void {
  try {
    storage?.setItem(SESSION_KEYS.postLoginRedirect, safeReturnTo(path));
  } catch {
    // storage blocked: the login's own returnTo still brings the user back
  }
}

/**
 * Reads and clears the saved path. Answers where to go, or null when nothing is saved or the user is already
 * there (`currentPath`), so a page that was itself the destination only clears the key.
 */
export function takePostLoginRedirect(
  currentPath: string,
  storage: Storage | undefined = globalThis.sessionStorage,
): string | null {
  let saved: string | null = null;
  try {
    saved = storage?.getItem(SESSION_KEYS.postLoginRedirect) ?? null;
    storage?.removeItem(SESSION_KEYS.postLoginRedirect);
  } catch {
    return null;
  }
  if (!saved) return null;
  const target = safeReturnTo(saved, '');
  return target && target !== currentPath ? target : null;
}
