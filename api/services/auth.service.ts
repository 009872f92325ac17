import { say } from '#shared/messages/errors';
import { hash, verify } from '@node-rs/argon2';
import type { AppDeps } from '../deps';
import { usersRepo, type UserRow } from '../db/repositories/users.repo';
import { AppError, badRequest, conflict } from '../errors';
import { isCommonPassword } from '../auth/common-passwords';
import { FREE_PLAN_ID, planById } from '#shared/plans';
import type { LoginBody, RegisterBody } from '#shared/schemas/auth';
import { reserveSignInAttempt, reserveSignUpAttempt, settleSuccessfulSignIn } from './rate-limit.service';
import { createSession, endSession } from './sessions.service';
import { sendVerificationMail, type Requester } from './account.service';
import { addMonthsUtc } from '#shared/usage-dates';

/** argon2id with OWASP's minimum parameters: m = 19 MiB, t = 2, p = 1 (SECURITY.md: passwords). */
const ARGON2ID = 2; // Algorithm.Argon2id: a const enum, which isolatedModules cannot import
export const PASSWORD_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const DEV_USER_EMAIL = 'dev@localhost';
const DEV_USER_FIRST_NAME = 'Dev';

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/**
 * Verifying against this when the email is unknown keeps the answer's timing the same for known and unknown
 * emails, so login cannot be used to find out who has an account.
 */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy password that never matches'));

type NewAccount = {
  email: string;
  firstName?: string | null;
  passwordHash?: string | null;
  oidcIssuer?: string;
  oidcSubject?: string;
  emailVerifiedAt?: Date | null;
};

/** A new account on the free plan: its limit from shared/plans.ts, its first reset one month ahead. */
async function createAccount(deps: Pick<AppDeps, 'db' | 'clock'>, account: NewAccount): Promise<UserRow> {
  const freePlan = planById(FREE_PLAN_ID)!;
  try {
    return await usersRepo.create(deps.db, {
      email: account.email,
      firstName: account.firstName ?? null,
      passwordHash: account.passwordHash ?? null,
      oidcIssuer: account.oidcIssuer ?? null,
      oidcSubject: account.oidcSubject ?? null,
      emailVerifiedAt: account.emailVerifiedAt ?? null,
      planId: freePlan.id,
      usageCount: 0,
      monthlyLimit: freePlan.monthlyLimit,
      usageResetDate: addMonthsUtc(deps.clock.now(), 1),
    });
  } catch (err) {
    // Two sign-ups racing for one email: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err)) throw conflict('auth.emailTaken');
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  // SQLite's codes, and PostgreSQL's unique_violation (23505) under drizzle's query error.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

export type SignedIn = { user: UserRow; token: string };

/**
 * Starts a session for a user who just proved who they are. A sign-in always gets a NEW token, and the session
 * the browser came with (if any) ends, so a planted token cannot ride along (SECURITY.md: no session fixation).
 */
export async function signIn(
  deps: AppDeps,
  user: UserRow,
  previousToken?: string,
  userAgent?: string | null,
): Promise<SignedIn> {
  if (previousToken) await endSession(deps, previousToken);
  return { user, token: await createSession(deps, user.id, userAgent) };
}

/** Email + password sign-up, throttled per client address before anything else is looked at (429 past it). */
export async function register(
  deps: AppDeps,
  input: RegisterBody,
  requester: Requester,
  previousToken?: string,
): Promise<SignedIn> {
  await reserveSignUpAttempt(deps, requester.ip);
  if (isCommonPassword(input.password)) throw badRequest('auth.commonPassword', { field: 'password' });
  if (await usersRepo.getByEmail(deps.db, input.email)) throw conflict('auth.emailTaken');
  const passwordHash = await hashPassword(input.password);
  const user = await createAccount(deps, { email: input.email, firstName: input.firstName, passwordHash });
  // The account works at once for its own boards; the address admits nobody to anything until the link is opened.
  await sendVerificationMail(deps, user, user.email, requester);
  return await signIn(deps, user, previousToken, requester.userAgent);
}

/**
 * Email + password sign-in. The attempt is counted against the email-and-address pair's and the address's limits
 * before the hash is checked (429 past a limit); a success forgives the pair's failures. Any mismatch, unknown email
 * included, answers the same 401.
 */
export async function login(
  deps: AppDeps,
  input: LoginBody,
  clientAddress: string,
  previousToken?: string,
  userAgent?: string | null,
): Promise<SignedIn> {
  const reservation = await reserveSignInAttempt(deps, { email: input.email, ip: clientAddress });
  const user = await usersRepo.getByEmail(deps.db, input.email);
  const storedHash = user?.passwordHash ?? (await decoy());
  const matches = await verify(storedHash, input.password).catch(() => false);
  if (!user?.passwordHash || !matches) throw new AppError('invalid_credentials', 401, say('auth.invalidCredentials'));
  await settleSuccessfulSignIn(deps, reservation);
  return await signIn(deps, user, previousToken, userAgent);
}

/** The local developer account behind GET /api/dev-login (its guards are checked by the route). */
export async function devLogin(deps: AppDeps, previousToken?: string): Promise<SignedIn> {
  const user =
    (await usersRepo.getByEmail(deps.db, DEV_USER_EMAIL)) ??
    (await createAccount(deps, {
      email: DEV_USER_EMAIL,
      firstName: DEV_USER_FIRST_NAME,
      // A developer's own machine: the address is local and no mail could prove it.
      emailVerifiedAt: deps.clock.now(),
    }).catch(async (err: unknown) => {
      // Two first dev logins at once: the unique email decides, and the loser signs in to the winner's account.
      const made = await usersRepo.getByEmail(deps.db, DEV_USER_EMAIL);
      if (!made) throw err;
      return made;
    }));
  return await signIn(deps, user, previousToken);
}

export type OidcIdentity = {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified?: boolean;
  firstName?: string;
  picture?: string;
};

/**
 * The account for an identity from the OIDC provider: linked by issuer + subject, never by email alone
 * (SECURITY.md: OIDC). A first sign-in creates the account; an email already held by another account is refused.
 */
export async function findOrCreateOidcUser(deps: AppDeps, identity: OidcIdentity): Promise<UserRow> {
  const linked = await usersRepo.getByOidcIdentity(deps.db, identity.issuer, identity.subject);
  // The provider vouches for the address it sends with email_verified: the account's address counts as proven
  // when it is that one (an address changed here is proven by our own link instead).
  if (linked && !linked.emailVerifiedAt && identity.emailVerified === true)
    if (identity.email?.trim().toLowerCase() === linked.email.toLowerCase())
      return (await usersRepo.update(deps.db, linked.id, { emailVerifiedAt: deps.clock.now() }))!;
  if (linked) return linked;
  const email = identity.email?.trim().toLowerCase();
  if (!email || identity.emailVerified === false) throw new AppError('oidc_no_email', 400, say('auth.oidcNoEmail'));
  if (await usersRepo.getByEmail(deps.db, email)) throw conflict('auth.oidcEmailTaken');
  let user: UserRow;
  try {
    user = await createAccount(deps, {
      email,
      firstName: identity.firstName,
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
      emailVerifiedAt: identity.emailVerified === true ? deps.clock.now() : null,
    });
  } catch (err) {
    // Two first sign-ins of one identity at once (two tabs, two instances): the unique indexes decide, and the
    // loser gets the account the winner made. Anyone else's email stays refused.
    const made = await usersRepo.getByOidcIdentity(deps.db, identity.issuer, identity.subject);
    if (!made) throw err;
    return made;
  }
  return identity.picture ? (await usersRepo.update(deps.db, user.id, { profileImageUrl: identity.picture }))! : user;
}
