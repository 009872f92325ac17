import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps';
import { sessionsRepo } from '../db/repositories/sessions.repo';
import type { UserRow } from '../db/repositories/users.repo';

/** Idle timeout, renewed on use (sliding), and an absolute cap no renewal passes (SECURITY.md: sessions). */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 60 * 60_000;
/** Renew at most once an hour so reads do not turn every request into a write. */
const RENEW_AFTER_MS = 60 * 60_000;
/** A User-Agent longer than this is cut: it only names the device on the sessions page. */
const USER_AGENT_MAX = 512;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh 256-bit token for a new sign-in; only its hash is stored. */
export async function createSession(deps: AppDeps, userId: number, userAgent?: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now().getTime();
  await sessionsRepo.deleteExpiredForUser(deps.db, userId, new Date(now));
  await sessionsRepo.create(deps.db, {
    tokenHash: hashSessionToken(token),
    userId,
    createdAt: new Date(now),
    expiresAt: new Date(now + SESSION_IDLE_MS),
    absoluteExpiresAt: new Date(now + SESSION_ABSOLUTE_MS),
    lastSeenAt: new Date(now),
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
  });
  return token;
}

/** The user behind a cookie token, renewing the idle expiry (never past the absolute one); null if none. */
export async function resolveSession(deps: AppDeps, token: string): Promise<UserRow | null> {
  const tokenHash = hashSessionToken(token);
  const now = deps.clock.now();
  const found = await sessionsRepo.findLive(deps.db, tokenHash, now);
  if (!found) return null;
  const { session, user } = found;
  if (session.absoluteExpiresAt.getTime() <= now.getTime()) {
    await sessionsRepo.delete(deps.db, tokenHash);
    return null;
  }
  const renewedExpiry = Math.min(now.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime());
  if (renewedExpiry - session.expiresAt.getTime() > RENEW_AFTER_MS) {
    await sessionsRepo.extend(deps.db, tokenHash, new Date(renewedExpiry), now);
  }
  return user;
}

export async function endSession(deps: AppDeps, token: string): Promise<void> {
  await sessionsRepo.delete(deps.db, hashSessionToken(token));
}
