import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { clientAddress } from '../auth/client-address';
import {
  OIDC_CALLBACK_PATH,
  completeOidcSignIn,
  decodeFlowState,
  encodeFlowState,
  isOidcConfigured,
  startOidcSignIn,
} from '../auth/oidc';
import { safeReturnTo } from '../auth/return-to';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { AppError, say } from '../errors';
import { localOnly } from '../middleware/local-only';
import { browserLanguage } from '../middleware/browser-language';
import { requesterOf } from './account.route';
import { resourceIsolation } from '../middleware/resource-isolation';
import { publicOrigin } from '../net/public-origin';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../middleware/session';
import { devLogin, findOrCreateOidcUser, login, register, signIn, type SignedIn } from '../services/auth.service';
import { endSession } from '../services/sessions.service';
import { validate } from '../validation';
import { loginBody, registerBody } from '#shared/schemas/auth';
import { toPublicUser } from '#shared/schemas/user';

/** Carries the PKCE verifier, state and nonce from GET /api/login to the callback, for ten minutes at most. */
const OIDC_FLOW_COOKIE = 'loot_oidc';
const OIDC_FLOW_MAX_AGE_S = 10 * 60;

/** Answers a sign-in: the new session's cookie, never cached. */
function startBrowserSession(deps: AppDeps, c: Context<AppEnv>, signedIn: SignedIn) {
  setSessionCookie(c, signedIn.token, deps.config);
  c.header('Cache-Control', 'no-store');
}

async function endBrowserSession(deps: AppDeps, c: Context<AppEnv>) {
  const token = readSessionToken(c);
  if (token) await endSession(deps, token);
  clearSessionCookie(c);
  c.header('Cache-Control', 'no-store');
}

/** A refused sign-out still lands on the home page, signed in as before. */
function redirectHome(c: Context<AppEnv>): Response {
  c.header('Cache-Control', 'no-store');
  return c.redirect('/');
}

/**
 * A navigation from this app's own pages (Sec-Fetch-Site: same-origin) or typed by the user (none). Browsers that
 * send no Sec-Fetch-Site are judged by Referer: same origin, or none at all is refused.
 */
function isOwnNavigation(deps: AppDeps, c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const referer = c.req.header('referer');
  if (!referer) return false;
  try {
    return new URL(referer).origin === publicOrigin(c, deps.config);
  } catch {
    return false;
  }
}

function oidcRedirectUri(deps: AppDeps, c: Context): string {
  return `${publicOrigin(c, deps.config)}${OIDC_CALLBACK_PATH}`;
}

/**
 * Sign-in and sign-out (spec accounts §2, §7): email + password, the OIDC redirect and callback, dev-login,
 * logout. GET routes here are full-page navigations and answer with redirects.
 */
export function authRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .post('/auth/register', browserLanguage, validate('json', registerBody), async (c) => {
        const signedIn = await register(deps, c.req.valid('json'), requesterOf(deps, c), readSessionToken(c));
        startBrowserSession(deps, c, signedIn);
        return c.json(toPublicUser(signedIn.user), 201);
      })
      .post('/auth/login', validate('json', loginBody), async (c) => {
        const signedIn = await login(
          deps,
          c.req.valid('json'),
          clientAddress(c, deps.config.trustedProxies),
          readSessionToken(c),
          c.req.header('user-agent'),
        );
        startBrowserSession(deps, c, signedIn);
        return c.json(toPublicUser(signedIn.user));
      })
      .get('/login', async (c) => {
        const returnTo = safeReturnTo(c.req.query('returnTo'));
        if (!isOidcConfigured(deps.config)) return c.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}`);
        const { url, flow } = await startOidcSignIn(deps.config, oidcRedirectUri(deps, c), returnTo);
        setCookie(c, OIDC_FLOW_COOKIE, encodeFlowState(flow), {
          httpOnly: true,
          sameSite: 'Lax',
          secure: oidcRedirectUri(deps, c).startsWith('https:'),
          path: OIDC_CALLBACK_PATH,
          maxAge: OIDC_FLOW_MAX_AGE_S,
        });
        c.header('Cache-Control', 'no-store');
        return c.redirect(url.href);
      })
      .get('/auth/oidc/callback', async (c) => {
        const flow = decodeFlowState(getCookie(c, OIDC_FLOW_COOKIE));
        deleteCookie(c, OIDC_FLOW_COOKIE, { path: OIDC_CALLBACK_PATH });
        if (!flow) throw new AppError('oidc_failed', 400, say('auth.oidcNoFlow'));
        const identity = await completeOidcSignIn(deps.config, new URL(c.req.url), flow);
        startBrowserSession(
          deps,
          c,
          await signIn(
            deps,
            await findOrCreateOidcUser(deps, identity),
            readSessionToken(c),
            c.req.header('user-agent'),
          ),
        );
        return c.redirect(safeReturnTo(flow.returnTo));
      })
      // Signing out changes state, so it is a POST, behind the same Origin checks as every other write.
      .post('/logout', async (c) => {
        await endBrowserSession(deps, c);
        return c.json({ success: true });
      })
      // The spec's GET (a navigation) keeps its redirect, but only a same-origin navigation, or one the user typed,
      // signs out: an image naming it, or a link on another site, is refused (resource-isolation.ts) and only
      // redirected; a browser without Fetch Metadata is judged by its Referer.
      .get('/logout', resourceIsolation({ onRefused: redirectHome }), async (c) => {
        if (isOwnNavigation(deps, c)) await endBrowserSession(deps, c);
        c.header('Cache-Control', 'no-store');
        return c.redirect('/');
      })
      // localOnly: refused looks exactly like an endpoint that does not exist. It signs in, so no image or other site
      // may trigger it either.
      .get('/dev-login', localOnly(deps), resourceIsolation(), async (c) => {
        startBrowserSession(deps, c, await devLogin(deps, readSessionToken(c)));
        return c.redirect(safeReturnTo(c.req.query('returnTo')));
      })
  );
}
