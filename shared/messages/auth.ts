import { TRY_AGAIN_LATER } from '../retry-after';

/**
 * User-facing texts of sign-in and usage limits. The first two are the spec's own words (accounts §8) and must
 * stay as they are; the others are ours, written so they never reveal whether an email has an account.
 */
export const AUTH_MESSAGES = {
  /** Spec accounts §8: shown in red, then the user is sent to /billing after 2 s. */
  limitReached: 'Reached monthly limit; upgrade your plan',
  /** Spec accounts §8: the usage check failed; the query is aborted. */
  unableToVerifyUsage: 'Unable to verify usage limit',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  tooManyAttempts: `Too many sign-in attempts. ${TRY_AGAIN_LATER}`,
  tooManySignUps: `Too many sign-up attempts from this address. ${TRY_AGAIN_LATER}`,
  commonPassword: 'This password is one of the most common ones and easy to guess. Please choose another.',
  blankPassword: 'A password cannot be only spaces.',
  signInRequired: 'Sign in required',
  resetNotDue: 'Your usage resets on its reset date and cannot be reset earlier',
  oidcNotConfigured: 'Single sign-on is not configured',
  oidcFailed: 'Sign-in with your identity provider failed. Please try again.',
  oidcNoEmail: 'Your identity provider did not share an email address',
  oidcEmailTaken: 'An account with this email already exists; sign in with your password',
  devLoginUnavailable: 'Not found',
} as const;
