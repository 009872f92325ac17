import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { unauthorized } from '../errors';
import { servedOverHttps, type OriginSettings } from '../net/public-origin';
import { SESSION_ABSOLUTE_MS, resolveSession } from '../services/sessions.service';

const PLAIN_COOKIE = 'loot_session';
/** Over https the __Host- prefix pins the cookie to this host and path (SECURITY.md: cookies). */
const SECURE_COOKIE = '__Host-loot_session';

export function readSessionToken(c: Context): string | undefined {
  return getCookie(c, SECURE_COOKIE) ?? getCookie(c, PLAIN_COOKIE);
}

/**
 * Sets the session cookie: Secure, under the __Host- name, wherever the browser reaches us over https, which behind
 * a TLS-terminating proxy is not what the request's own URL says (publicOrigin decides).
 */
export function setSessionCookie(c: Context, token: string, settings: OriginSettings): void {
  const secure = servedOverHttps(c, settings);
  setCookie(c, secure ? SECURE_COOKIE : PLAIN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    // The browser keeps the cookie for the session's whole possible life; the server enforces the idle expiry
    // and renews it on use, so an active session is not dropped by a cookie that never learned of the renewal.
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, PLAIN_COOKIE, { path: '/' });
  deleteCookie(c, SECURE_COOKIE, { path: '/', secure: true });
}

/** Sets `user` for every request: the session's user, or null for a guest. */
export function sessionMiddleware(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = readSessionToken(c);
    c.set('user', token ? await resolveSession(deps, token) : null);
    await next();
  });
}

/** 401 for guests; routes behind it can read `c.var.user` as non-null through `currentUser(c)`. */
export const requireUser: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw unauthorized();
  await next();
});

export function currentUser(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
