import type { ErrorKey } from '../messages/errors';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, emailField } from './auth';

/** A mailed link's token: 32 random bytes, base64url (43 characters). Anything else is refused before a lookup. */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const accountTokenField = z
  .string()
  .refine((token) => ACCOUNT_TOKEN_PATTERN.test(token), 'account.linkMalformed' satisfies ErrorKey);

export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine((password) => password.trim() !== '', 'auth.blankPassword' satisfies ErrorKey);

/** POST /api/auth/verify-email */
export const verifyEmailBody = z.strictObject({ token: accountTokenField });
/** POST /api/auth/forgot-password */
export const forgotPasswordBody = z.strictObject({ email: emailField });
/** POST /api/auth/reset-password */
export const resetPasswordBody = z.strictObject({ token: accountTokenField, password: newPasswordField });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
/** POST /api/current-user/password */
export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
/** POST /api/current-user/email: the new address, proven by a link before it takes effect. */
export const changeEmailBody = z.strictObject({ email: emailField, password: z.string().min(1).max(PASSWORD_MAX) });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
/** DELETE /api/account: the password, for an account that has one (an OIDC-only one signs in again instead). */
export const deleteAccountBody = z.strictObject({ password: z.string().min(1).max(PASSWORD_MAX).optional() });
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** A session as the sessions page lists it; `id` is derived from the stored hash and names it for sign-out. */
export const accountSession = z.object({
  id: z.string(),
  device: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string().datetime(),
  lastSeenAt: z.string().datetime(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const sessionIdParam = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });

/** The answer that tells a person what happened, never whether an address has an account. */
export type AccountNotice = { message: string };
