import { z } from 'zod';
import { localeSchema, type Locale } from '../locale';

/**
 * The signed-in user as the API sends it (GET /api/current-user, GET /api/auth/user, sign-in answers).
 * Field names are the spec's (accounts §3), snake_case included. monthly_limit -1 means unlimited;
 * usage_reset_date is an ISO timestamp.
 */
export const publicUser = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  firstName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  plan_id: z.number().int().positive(),
  usage_count: z.number().int().min(0),
  monthly_limit: z.number().int().min(-1),
  usage_reset_date: z.string().datetime(),
  stripeSubscriptionId: z.string().nullable(),
  /** A paid plan cancelled at the period's end: when it ends (ISO); null while it renews. */
  plan_ends_at: z.string().datetime().nullable(),
  /** The interface language the user chose; null: the web follows the browser. */
  language: localeSchema.nullable(),
  /** Whether the address is proven (a confirmation link opened, or the OIDC provider vouched for it). */
  emailVerified: z.boolean(),
  /** Whether the account has a password here (not only an OIDC sign-in): the settings page offers to change it. */
  hasPassword: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** The stored fields the public shape is made from (a users row has these and more, which stay private). */
export type UserRecord = {
  id: number;
  email: string;
  firstName: string | null;
  profileImageUrl: string | null;
  planId: number;
  usageCount: number;
  monthlyLimit: number;
  usageResetDate: Date;
  stripeSubscriptionId: string | null;
  planEndsAt: Date | null;
  language: Locale | null;
  emailVerifiedAt: Date | null;
  passwordHash: string | null;
};

/** The one mapping from a stored user to the wire: password hash, Stripe customer and OIDC ids never leave. */
export function toPublicUser(user: UserRecord): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    profileImageUrl: user.profileImageUrl,
    plan_id: user.planId,
    usage_count: user.usageCount,
    monthly_limit: user.monthlyLimit,
    usage_reset_date: user.usageResetDate.toISOString(),
    stripeSubscriptionId: user.stripeSubscriptionId,
    plan_ends_at: user.planEndsAt ? user.planEndsAt.toISOString() : null,
    language: user.language,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
  };
}

/** PATCH /api/current-user: the user's own settings; `language` null goes back to following the browser. */
export const userSettingsBody = z.strictObject({ language: localeSchema.nullable() });
export type UserSettingsBody = z.infer<typeof userSettingsBody>;
