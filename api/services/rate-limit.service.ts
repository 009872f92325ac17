import { type Said, say } from '#shared/messages/errors';
import { lockNames, withTransaction } from '../db/transaction';
import type { AppDeps } from '../deps';
import { loginFailuresRepo } from '../db/repositories/login-failures.repo';
import { AppError } from '../errors';

/**
 * Attempt limits, kept in SQLite (login_failures) so they hold across restarts and across several instances on one
 * database (SECURITY.md: limits hold across processes). The address is the client's (clientAddress): the socket
 * peer, or behind LOOT_TRUSTED_PROXIES the client those proxies name, never a forwarding header a client wrote.
 *
 * Sign-in: failures are counted per email AND address pair, plus a wider allowance per address (several people
 * can share one NAT). Keying the account limit on the pair is what keeps the owner able to sign in from a clean
 * address while someone else guesses their password (a per-email lock would be a denial of service on the account).
 * Sign-up: every registration attempt counts against the address, so accounts cannot be minted in bulk and the 409
 * "already exists" answer cannot enumerate emails at speed.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;
export const SIGNUP_WINDOW_MS = 60 * 60_000;
export const DEFAULT_MAX_SIGNUPS_PER_IP = 10;

export type SignInSource = { email: string; ip: string };
/** Rows written for an attempt in progress; a successful sign-in takes them back. */
export type AttemptReservation = { ids: number[]; accountKey: string };

export class TooManyAttemptsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: Said = say('auth.tooManyAttempts'),
  ) {
    super('too_many_attempts', 429, message, { retryAfter: retryAfterSeconds });
  }
}

/** The account limit's key: one email tried from one address. */
export const signInPairKey = (email: string, ip: string) => `email-ip:${email.toLowerCase()}|${ip}`;
const ipKey = (ip: string) => `ip:${ip}`;
const signUpKey = (ip: string) => `signup-ip:${ip}`;

/**
 * `weight`: rows this attempt writes for the key (one unless said): a batch of board ops counts as many units as it
 * carries. At most `max`, so one attempt always fits in an empty window.
 */
type Limit = { key: string; max: number; windowMs: number; weight?: number };

/**
 * Checks every limit and, in the same transaction, counts this attempt before the slow part runs. Counting first
 * is what makes a limit hold under concurrency: N parallel attempts cannot all pass the check while the hash runs.
 * The attempt's keys are locked first (lockNames: one attempt per key at a time, across every instance), so the
 * count read and the row written belong together. Throws TooManyAttemptsError (429, Retry-After) at a limit.
 */
async function reserveAttempt(deps: Pick<AppDeps, 'db' | 'clock'>, limits: Limit[], message: Said): Promise<number[]> {
  const now = deps.clock.now().getTime();
  return await withTransaction(deps.db, async (tx) => {
    await lockNames(
      tx,
      limits.map(({ key }) => `login-failures:${key}`),
    );
    let retryAfterMs = 0;
    for (const { key, max, windowMs, weight = 1 } of limits) {
      const since = now - windowMs + 1;
      const units = Math.min(weight, max);
      await loginFailuresRepo.pruneBefore(tx, [key], since);
      if ((await loginFailuresRepo.countSince(tx, key, since)) + units <= max) continue;
      // The limit lifts when the (max - units + 1)-th newest unit leaves the window: then `units` more fit.
      const at = (await loginFailuresRepo.nthNewestAt(tx, key, since, max - units + 1)) ?? now;
      retryAfterMs = Math.max(retryAfterMs, at + windowMs - now);
    }
    if (retryAfterMs > 0) throw new TooManyAttemptsError(Math.max(1, Math.ceil(retryAfterMs / 1000)), message);
    return await loginFailuresRepo.record(
      tx,
      limits.flatMap(({ key, max, weight = 1 }) => Array<string>(Math.min(weight, max)).fill(key)),
      now,
    );
  });
}

/**
 * One attempt at something limited per key (mailed links asked for: per address, per client, per account), counted
 * whatever its outcome; past a limit a 429 with `message` and Retry-After.
 */
export async function reserveLimitedAttempt(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  limits: { key: string; max: number; windowMs: number }[],
  message: Said,
): Promise<void> {
  await reserveAttempt(deps, limits, message);
}

/** A sign-in attempt, counted as a failure until settleSuccessfulSignIn takes it back. */
export async function reserveSignInAttempt(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  source: SignInSource,
): Promise<AttemptReservation> {
  const accountKey = signInPairKey(source.email, source.ip);
  const ids = await reserveAttempt(
    deps,
    [
      { key: accountKey, max: MAX_FAILURES_PER_EMAIL, windowMs: LOGIN_FAILURE_WINDOW_MS },
      { key: ipKey(source.ip), max: MAX_FAILURES_PER_IP, windowMs: LOGIN_FAILURE_WINDOW_MS },
    ],
    say('auth.tooManyAttempts'),
  );
  return { ids, accountKey };
}

/** A correct password: the pair's failures are forgiven and this attempt no longer counts against the address. */
export async function settleSuccessfulSignIn(
  deps: Pick<AppDeps, 'db'>,
  reservation: AttemptReservation,
): Promise<void> {
  await withTransaction(deps.db, async (tx) => {
    await loginFailuresRepo.clearKey(tx, reservation.accountKey);
    await loginFailuresRepo.deleteIds(tx, reservation.ids);
  });
}

/** A registration attempt from this address; every attempt counts, whatever its outcome. */
export async function reserveSignUpAttempt(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, ip: string): Promise<void> {
  await reserveAttempt(
    deps,
    [{ key: signUpKey(ip), max: deps.config.LOOT_SIGNUP_LIMIT_PER_HOUR, windowMs: SIGNUP_WINDOW_MS }],
    say('auth.tooManySignUps'),
  );
}

/** Board writes are counted in units of this many ops (rounded up), so a full batch writes a few hundred rows. */
export const BOARD_OPS_PER_UNIT = 10;
export const BOARD_OPS_WINDOW_MS = 60_000;
export const INVITATIONS_WINDOW_MS = 60 * 60_000;

/**
 * A batch of `ops` board operations from this user (POST /api/boards/:id/ops), counted before it is applied, whatever
 * its outcome: past LOOT_BOARD_OPS_PER_MINUTE a 429 with Retry-After, and nothing is applied. Kept in the same table
 * as the sign-in throttle, so it holds across instances.
 */
export async function reserveBoardOps(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  userId: number,
  ops: number,
): Promise<void> {
  const max = Math.max(1, Math.floor(deps.config.LOOT_BOARD_OPS_PER_MINUTE / BOARD_OPS_PER_UNIT));
  await reserveAttempt(
    deps,
    [
      {
        key: `board-ops-user:${userId}`,
        max,
        windowMs: BOARD_OPS_WINDOW_MS,
        weight: Math.ceil(ops / BOARD_OPS_PER_UNIT),
      },
    ],
    say('board.tooManyOps'),
  );
}

/** An invitation by email from this board owner (every board together): past LOOT_INVITATIONS_PER_HOUR a 429. */
export async function reserveInvitation(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  ownerId: number,
): Promise<void> {
  await reserveAttempt(
    deps,
    [
      {
        key: `invitations-owner:${ownerId}`,
        max: deps.config.LOOT_INVITATIONS_PER_HOUR,
        windowMs: INVITATIONS_WINDOW_MS,
      },
    ],
    say('team.tooManyInvitations'),
  );
}
