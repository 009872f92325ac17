import type { AppDeps } from '../deps';
import { loginFailuresRepo } from '../db/repositories/login-failures.repo';
import { AppError } from '../errors';
import { AUTH_MESSAGES } from '../../shared/messages/auth';

/**
 * Failed sign-ins are limited per email and per client address (SECURITY.md: guessing is slow). The address is
 * the socket peer, never a forwarding header a client can write. Numbers follow OWASP's guidance: a handful of
 * guesses per account, a wider allowance per address (several people can share one NAT).
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

export type SignInSource = { email: string; ip: string };
/** Rows written for an attempt in progress; a successful sign-in takes them back. */
export type AttemptReservation = { ids: number[]; emailKey: string };

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('too_many_attempts', 429, AUTH_MESSAGES.tooManyAttempts, { retryAfter: retryAfterSeconds });
  }
}

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Checks both limits and, in the same immediate transaction, counts this attempt as a failure before the
 * password is even checked. Counting first is what makes the limit hold under concurrency: N parallel guesses
 * cannot all pass the check while the slow hash runs. Throws TooManyAttemptsError (429) when a limit is reached.
 */
export function reserveSignInAttempt(deps: Pick<AppDeps, 'db' | 'clock'>, source: SignInSource): AttemptReservation {
  const now = deps.clock.now().getTime();
  const since = now - LOGIN_FAILURE_WINDOW_MS + 1;
  const limits: Array<[string, number]> = [
    [emailKey(source.email), MAX_FAILURES_PER_EMAIL],
    [ipKey(source.ip), MAX_FAILURES_PER_IP],
  ];
  return deps.db.transaction(
    (tx) => {
      loginFailuresRepo.pruneBefore(tx, limits.map(([key]) => key), since);
      let retryAfterMs = 0;
      for (const [key, max] of limits) {
        if (loginFailuresRepo.countSince(tx, key, since) < max) continue;
        // The limit lifts when the max-th newest failure leaves the window.
        const at = loginFailuresRepo.nthNewestAt(tx, key, since, max) ?? now;
        retryAfterMs = Math.max(retryAfterMs, at + LOGIN_FAILURE_WINDOW_MS - now);
      }
      if (retryAfterMs > 0) throw new TooManyAttemptsError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
      const ids = loginFailuresRepo.record(tx, limits.map(([key]) => key), now);
      return { ids, emailKey: limits[0][0] };
    },
    { behavior: 'immediate' },
  );
}

/** A correct password: the email's failures are forgiven and this attempt no longer counts against the address. */
export function settleSuccessfulSignIn(deps: Pick<AppDeps, 'db'>, reservation: AttemptReservation): void {
  deps.db.transaction(
    (tx) => {
      loginFailuresRepo.clearKey(tx, reservation.emailKey);
      loginFailuresRepo.deleteIds(tx, reservation.ids);
    },
    { behavior: 'immediate' },
  );
}
