import { say, sayIn } from '#shared/messages/errors';
import { createHash, randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { Locale } from '#shared/locale';
import type { AccountSession, ChangeEmailBody, ChangePasswordBody, ResetPasswordBody } from '#shared/schemas/account';
import { describeDevice } from '../auth/device';
import { isCommonPassword } from '../auth/common-passwords';
import { accountTokensRepo, type AccountTokenPurpose } from '../db/repositories/account-tokens.repo';
import { sessionsRepo } from '../db/repositories/sessions.repo';
import { usersRepo, type UserRow } from '../db/repositories/users.repo';
import { withTransaction } from '../db/transaction';
import type { AppDeps } from '../deps';
import { AppError, badRequest } from '../errors';
import { resetPasswordMail, verifyEmailMail } from '../mail/messages';
import { sendInBackground } from '../mail/mailer';
import { hashPassword, signIn, type SignedIn } from './auth.service';
import { reserveLimitedAttempt, reserveSignInAttempt, settleSuccessfulSignIn } from './rate-limit.service';
import { hashSessionToken } from './sessions.service';

/** How long a mailed link works (SECURITY.md: mailed links). */
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60_000;
export const RESET_PASSWORD_TTL_MS = 60 * 60_000;

/** Mails a person may ask for: per address (or account) and per client address, in one hour, across instances. */
export const MAIL_WINDOW_MS = 60 * 60_000;
export const RESETS_PER_ADDRESS = 5;
export const RESETS_PER_CLIENT = 20;
export const VERIFICATIONS_PER_ACCOUNT = 5;

/** Who asked, as far as a mail needs it: the site's origin for links, the language, the client for limits. */
export type Requester = { ip: string; origin: string; locale: Locale; userAgent: string | null };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new single-use link's token (256 bits); only its hash is stored, with what it is for and until when. */
async function issueToken(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
  purpose: AccountTokenPurpose,
  email: string,
  ttlMs: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await accountTokensRepo.create(deps.db, {
    tokenHash: hashToken(token),
    userId,
    purpose,
    email,
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  return token;
}

/** Mails `email` a link proving it belongs to `user` (their address, or the one they are changing to). */
export async function sendVerificationMail(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'language'>,
  email: string,
  requester: Requester,
): Promise<void> {
  const token = await issueToken(deps, user.id, 'verify_email', email, VERIFY_EMAIL_TTL_MS);
  const link = `${requester.origin}/verify-email/${token}`;
  sendInBackground(deps, verifyEmailMail(user.language ?? requester.locale, email, link));
}

/**
 * Spends a mailed link inside the caller's transaction: the row is locked, so two clicks at once cannot both use
 * it. Unknown, spent, expired and wrong-purpose links are each refused with their own sentence; the token is a
 * secret, so telling them apart tells a stranger nothing.
 */
async function spendToken(
  tx: AppDeps['db'],
  deps: Pick<AppDeps, 'clock'>,
  token: string,
  purpose: AccountTokenPurpose,
) {
  const row = await accountTokensRepo.lockByHash(tx, hashToken(token));
  if (!row || row.purpose !== purpose) throw new AppError('link_invalid', 400, say('account.linkUnknown'));
  if (row.usedAt) throw new AppError('link_used', 410, say('account.linkUsed'));
  const now = deps.clock.now();
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('link_expired', 410, say('account.linkExpired'));
  const user = await usersRepo.lockById(tx, row.userId);
  if (!user) throw new AppError('link_invalid', 400, say('account.linkUnknown'));
  await accountTokensRepo.spendAll(tx, row.userId, purpose, now);
  return { row, user, now };
}

/**
 * POST /api/auth/verify-email: the address in the link is proven. For an address change, the new address takes
 * effect now, unless another account took it meanwhile. Every other confirmation link of the user is spent too.
 */
export async function verifyEmail(deps: AppDeps, token: string): Promise<UserRow> {
  return await withTransaction(deps.db, async (tx) => {
    const { row, user, now } = await spendToken(tx, deps, token, 'verify_email');
    if (row.email !== user.email.toLowerCase()) {
      const holder = await usersRepo.getByEmail(tx, row.email);
      if (holder && holder.id !== user.id) throw new AppError('address_taken', 409, say('account.addressTaken'));
    }
    return (await usersRepo.update(tx, user.id, { email: row.email, emailVerifiedAt: now }))!;
  });
}

/** POST /api/auth/verify-email/resend: a new link for the signed-in user's address, a few an hour at most. */
export async function resendVerification(deps: AppDeps, user: UserRow, requester: Requester) {
  if (user.emailVerifiedAt) throw new AppError('already_verified', 409, say('account.alreadyVerified'));
  await reserveLimitedAttempt(
    deps,
    [{ key: `verify-user:${user.id}`, max: VERIFICATIONS_PER_ACCOUNT, windowMs: MAIL_WINDOW_MS }],
    say('account.tooManyVerifications'),
  );
  await sendVerificationMail(deps, user, user.email, requester);
  return { message: sayIn(requester.locale, say('account.verificationSent')) };
}

/**
 * POST /api/auth/forgot-password: counted per address and per client before anything is looked up, then answered
 * at once with the same sentence for every address; the look-up and the mail happen after the answer, so neither
 * the words nor the time taken say whether the address has an account.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, requester: Requester) {
  await reserveLimitedAttempt(
    deps,
    [
      { key: `reset-email:${email.toLowerCase()}`, max: RESETS_PER_ADDRESS, windowMs: MAIL_WINDOW_MS },
      { key: `reset-ip:${requester.ip}`, max: RESETS_PER_CLIENT, windowMs: MAIL_WINDOW_MS },
    ],
    say('account.tooManyResets'),
  );
  sendInBackground(
    deps,
    (async () => {
      const user = await usersRepo.getByEmail(deps.db, email);
      if (!user) return null;
      const token = await issueToken(deps, user.id, 'reset_password', user.email.toLowerCase(), RESET_PASSWORD_TTL_MS);
      return resetPasswordMail(
        user.language ?? requester.locale,
        user.email,
        `${requester.origin}/reset-password/${token}`,
      );
    })(),
  );
  return { message: sayIn(requester.locale, say('account.resetSent')) };
}

/**
 * POST /api/auth/reset-password: a new password from a mailed link. Every session of the user ends and this
 * browser gets a new one; the link reached the address, so the address counts as proven.
 */
export async function resetPassword(
  deps: AppDeps,
  input: ResetPasswordBody,
  requester: Requester,
  previousToken?: string,
): Promise<SignedIn> {
  if (isCommonPassword(input.password)) throw badRequest('auth.commonPassword', { field: 'password' });
  const passwordHash = await hashPassword(input.password);
  const user = await withTransaction(deps.db, async (tx) => {
    const { row, user, now } = await spendToken(tx, deps, input.token, 'reset_password');
    if (row.email !== user.email.toLowerCase())
      throw new AppError('link_invalid', 400, say('account.linkForOldAddress'));
    await sessionsRepo.deleteForUserExcept(tx, user.id, null);
    return (await usersRepo.update(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now }))!;
  });
  return await signIn(deps, user, previousToken, requester.userAgent);
}

/** Checks the signed-in user's current password, under the sign-in throttle (a stolen session cannot guess it). */
export async function confirmPassword(deps: AppDeps, user: UserRow, password: string, ip: string): Promise<void> {
  if (!user.passwordHash) throw new AppError('no_password', 400, say('account.noPassword'));
  const reservation = await reserveSignInAttempt(deps, { email: user.email, ip });
  if (!(await verify(user.passwordHash, password).catch(() => false)))
    throw new AppError('wrong_password', 403, say('account.wrongPassword'), { field: 'currentPassword' });
  await settleSuccessfulSignIn(deps, reservation);
}

/** POST /api/current-user/password: the current password, then the new one; every other session ends. */
export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  input: ChangePasswordBody,
  ip: string,
  currentToken: string,
): Promise<{ success: true }> {
  await confirmPassword(deps, user, input.currentPassword, ip);
  if (isCommonPassword(input.newPassword)) throw badRequest('auth.commonPassword', { field: 'newPassword' });
  const passwordHash = await hashPassword(input.newPassword);
  await withTransaction(deps.db, async (tx) => {
    await usersRepo.update(tx, user.id, { passwordHash });
    await sessionsRepo.deleteForUserExcept(tx, user.id, hashSessionToken(currentToken));
  });
  return { success: true };
}

/**
 * POST /api/current-user/email: the new address gets a confirmation link and changes only when it is opened. The
 * answer is the same whether or not another account holds the address (that one gets no mail).
 */
export async function changeEmail(deps: AppDeps, user: UserRow, input: ChangeEmailBody, requester: Requester) {
  await confirmPassword(deps, user, input.password, requester.ip);
  if (input.email === user.email.toLowerCase()) throw badRequest('account.sameEmail', { field: 'email' });
  await reserveLimitedAttempt(
    deps,
    [{ key: `verify-user:${user.id}`, max: VERIFICATIONS_PER_ACCOUNT, windowMs: MAIL_WINDOW_MS }],
    say('account.tooManyVerifications'),
  );
  if (!(await usersRepo.getByEmail(deps.db, input.email)))
    await sendVerificationMail(deps, user, input.email, requester);
  return { message: sayIn(requester.locale, say('account.emailChangeSent')) };
}

/** The public name of a session: derived from the stored hash, so the hash itself never leaves the server. */
const sessionId = (tokenHash: string) => createHash('sha256').update(`session:${tokenHash}`).digest('hex').slice(0, 32);

/** GET /api/sessions: the user's signed-in sessions, this one marked. */
export async function listSessions(deps: AppDeps, user: UserRow, currentToken: string): Promise<AccountSession[]> {
  const current = hashSessionToken(currentToken);
  const rows = await sessionsRepo.listLiveForUser(deps.db, user.id, deps.clock.now());
  return rows.map((row) => ({
    id: sessionId(row.tokenHash),
    device: describeDevice(row.userAgent),
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
    current: row.tokenHash === current,
  }));
}

/** DELETE /api/sessions/:id: one of the user's own sessions ends (anyone else's is the same 404 as none). */
export async function endOneSession(deps: AppDeps, user: UserRow, id: string): Promise<{ success: true }> {
  const rows = await sessionsRepo.listLiveForUser(deps.db, user.id, deps.clock.now());
  const row = rows.find((r) => sessionId(r.tokenHash) === id);
  if (!row) throw new AppError('not_found', 404, say('account.sessionNotFound'));
  await sessionsRepo.deleteForUser(deps.db, user.id, row.tokenHash);
  return { success: true };
}

/** POST /api/sessions/sign-out-others: every session but this one ends. */
export async function endOtherSessions(deps: AppDeps, user: UserRow, currentToken: string) {
  await sessionsRepo.deleteForUserExcept(deps.db, user.id, hashSessionToken(currentToken));
  return { success: true as const };
}
