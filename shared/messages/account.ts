import { TRY_AGAIN_LATER } from '../retry-after';

/**
 * What the API says about mailed links, sessions and account changes. Written so no answer tells whether an
 * address has an account (SECURITY.md: a reset answers the same for every address).
 */
export const ACCOUNT_MESSAGES = {
  linkMalformed: 'This link is not complete: copy the whole link from the mail, or ask for a new one.',
  linkUnknown: 'This link is not valid. Ask for a new one.',
  linkUsed: 'This link was already used. Ask for a new one if you still need it.',
  linkExpired: 'This link has expired. Ask for a new one.',
  linkForOldAddress: 'This link was sent to an address the account no longer uses. Ask for a new one.',
  addressTaken: 'Another account now uses this address, so it cannot be confirmed for this one.',
  resetSent: 'If an account uses this address, a link to set a new password is on its way. It works for 1 hour.',
  verificationSent: 'A confirmation link is on its way. It works for 24 hours.',
  alreadyVerified: 'Your address is already confirmed.',
  emailChangeSent: 'A confirmation link is on its way to the new address. The address changes once it is opened.',
  sameEmail: 'This is already your address.',
  tooManyResets: `Too many requests for a new password. ${TRY_AGAIN_LATER}`,
  tooManyVerifications: `Too many confirmation mails asked for. ${TRY_AGAIN_LATER}`,
  wrongPassword: 'The current password is not right.',
  noPassword: 'This account signs in through your identity provider and has no password here.',
  emailNotVerified:
    'Confirm your email address before accepting invitations by email: use the link we sent, or send a new one.',
  sessionNotFound: 'This session does not exist or has already ended.',
  deletePasswordNeeded: 'Enter your password to delete your account.',
  deleteSignInAgain: 'For your safety, sign in again, then delete your account within 10 minutes.',
  deleteStripeFailed: 'Your subscription could not be cancelled just now, so nothing was deleted. Try again shortly.',
} as const;
