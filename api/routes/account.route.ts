import { Hono, type Context } from 'hono';
import { clientAddress } from '../auth/client-address';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import { browserLanguage, userLocale } from '../middleware/browser-language';
import {
  clearSessionCookie,
  currentUser,
  readSessionToken,
  requireUser,
  setSessionCookie,
} from '../middleware/session';
import { publicOrigin } from '../net/public-origin';
import {
  changeEmail,
  changePassword,
  endOneSession,
  endOtherSessions,
  listSessions,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
  type Requester,
} from '../services/account.service';
import { accountDataZip } from '../services/account-data.service';
import { deleteAccount } from '../services/account-deletion.service';
import { attachmentDisposition } from '#shared/export-file-name';
import { validate } from '../validation';
import {
  changeEmailBody,
  changePasswordBody,
  deleteAccountBody,
  forgotPasswordBody,
  resetPasswordBody,
  sessionIdParam,
  verifyEmailBody,
} from '#shared/schemas/account';
import { toPublicUser } from '#shared/schemas/user';

/** Who is asking, as a mail or a session needs it (browserLanguage must have run for the language). */
export function requesterOf(deps: AppDeps, c: Context<AppEnv>): Requester {
  const user = c.get('user');
  return {
    ip: clientAddress(c, deps.config.trustedProxies),
    origin: publicOrigin(c, deps.config),
    locale: userLocale(c, user ?? { language: null }),
    userAgent: c.req.header('user-agent') ?? null,
  };
}

/** The sessions routes answer only the session's owner, and the current token is needed for "this one". */
const sessionToken = (c: Context<AppEnv>) => readSessionToken(c)!;

/**
 * Mailed links (confirm an address, set a new password), the password and address changes, the user's own
 * sessions (list, end one, end every other), and their data to take away and the account's deletion.
 */
export function accountRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/auth/verify-email', validate('json', verifyEmailBody), async (c) => {
      const user = await verifyEmail(deps, c.req.valid('json').token);
      return c.json({ email: user.email, emailVerified: true });
    })
    .post('/auth/verify-email/resend', requireUser, browserLanguage, async (c) =>
      c.json(await resendVerification(deps, currentUser(c), requesterOf(deps, c)), 202),
    )
    .post('/auth/forgot-password', browserLanguage, validate('json', forgotPasswordBody), async (c) =>
      c.json(await requestPasswordReset(deps, c.req.valid('json').email, requesterOf(deps, c)), 202),
    )
    .post('/auth/reset-password', validate('json', resetPasswordBody), async (c) => {
      const signedIn = await resetPassword(deps, c.req.valid('json'), requesterOf(deps, c), readSessionToken(c));
      setSessionCookie(c, signedIn.token, deps.config);
      c.header('Cache-Control', 'no-store');
      return c.json(toPublicUser(signedIn.user));
    })
    .post('/current-user/password', requireUser, validate('json', changePasswordBody), async (c) =>
      c.json(
        await changePassword(
          deps,
          currentUser(c),
          c.req.valid('json'),
          clientAddress(c, deps.config.trustedProxies),
          sessionToken(c),
        ),
      ),
    )
    .post('/current-user/email', requireUser, browserLanguage, validate('json', changeEmailBody), async (c) =>
      c.json(await changeEmail(deps, currentUser(c), c.req.valid('json'), requesterOf(deps, c)), 202),
    )
    .get('/sessions', requireUser, async (c) =>
      c.json({ sessions: await listSessions(deps, currentUser(c), sessionToken(c)) }),
    )
    .post('/sessions/sign-out-others', requireUser, async (c) =>
      c.json(await endOtherSessions(deps, currentUser(c), sessionToken(c))),
    )
    .delete('/sessions/:id', requireUser, validate('param', sessionIdParam), async (c) =>
      c.json(await endOneSession(deps, currentUser(c), c.req.valid('param').id)),
    )
    .get('/account/data', requireUser, browserLanguage, (c) => {
      const user = currentUser(c);
      const file = accountDataZip(deps, user, publicOrigin(c, deps.config), userLocale(c, user));
      return new Response(file.body, {
        status: 200,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': attachmentDisposition(file.fileName),
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    })
    .delete('/account', requireUser, validate('json', deleteAccountBody), async (c) => {
      const result = await deleteAccount(deps, currentUser(c), c.req.valid('json'), {
        ip: clientAddress(c, deps.config.trustedProxies),
        sessionToken: sessionToken(c),
      });
      clearSessionCookie(c);
      c.header('Cache-Control', 'no-store');
      return c.json(result);
    });
}
