import type { ErrorKey } from '../messages/errors';
import { z } from 'zod';

/** Longest address RFC 5321 lets through a mail system. */
const EMAIL_MAX = 254;
/** Passwords: at least 8 (OWASP ASVS 2.1.1), at most 200 so hashing cost stays bounded. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** Emails are compared and stored trimmed and lower-cased, so one person cannot hold two accounts by case. */
export const emailField = z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email());
const email = emailField;

export const registerBody = z.strictObject({
  email,
  password: z
    .string()
    .min(PASSWORD_MIN)
    .max(PASSWORD_MAX)
    .refine((password) => password.trim() !== '', 'auth.blankPassword' satisfies ErrorKey),
  firstName: z.string().trim().min(1).max(100).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** Login accepts any non-empty password up to the maximum: a short one simply fails like a wrong one. */
export const loginBody = z.strictObject({
  email,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

/** GET /api/login and GET /api/dev-login: where to go after signing in (checked again by the server). */
export const returnToQuery = z.object({ returnTo: z.string().max(2000).optional() });

/**
 * GET /api/auth/check-usage-reset. shouldReset: usage_reset_date has passed on the server's clock.
 * gracePeriod: the reset date is not reached yet but is within a few minutes, so a client whose clock runs ahead
 * should wait and ask again rather than treat the refusal as an error.
 */
export const usageResetCheck = z.object({
  shouldReset: z.boolean(),
  reason: z.enum(['reset_date_passed', 'reset_date_not_reached']),
  gracePeriod: z.boolean(),
});
export type UsageResetCheck = z.infer<typeof usageResetCheck>;

/**
 * POST /api/auth/reset-usage. The client sends its idea of the next reset date (spec accounts §7); the server
 * checks it is a date and otherwise ignores it: only the stored usage_reset_date decides (SECURITY.md: limits).
 */
export const resetUsageBody = z.strictObject({
  newResetDate: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
});
export type ResetUsageBody = z.infer<typeof resetUsageBody>;
