/**
 * The app's own pages: sign-in, the share and invitation landings, the payment return, 404, and the words shown
 * while a page checks the sign-in (spec board-workspace §2, accounts §2, §4, §8). English.
 */
export const pages = {
  loading: 'Loading...',
  notFound: {
    title: '404 Page Not Found',
    hint: 'Did you forget to add the page to the router?',
    home: 'Home',
  },
  /** Spec accounts §2: /collections, /feature-search and the landings while the sign-in is checked. */
  authGate: {
    checking: 'Auth checking...',
    redirecting: 'Redirecting...',
  },
  share: {
    processing: 'Processing Shared Board',
    errorTitle: 'Share Link Error',
    errorHint: 'This could happen if the link is invalid, expired, or the board is no longer shared.',
    failed: 'Failed to access shared board',
    invalidLink: 'Invalid share link',
    goHome: 'Go to Home',
  },
  login: {
    signInHeading: 'Sign in',
    signUpHeading: 'Create an account',
    email: 'Email',
    password: 'Password',
    firstName: 'First name (optional)',
    signInButton: 'Sign in',
    signUpButton: 'Sign up',
    devLogin: 'Continue as dev user',
    devLoginHint: 'On localhost you can sign in as the dev user, without an account.',
    orWithEmail: 'or with email and password',
    failed: 'Sign-in failed',
  },
  /** Spec accounts §2 /billing-success. */
  billingSuccess: {
    confirming: 'Confirming your payment...',
    success: 'Payment Successful!',
    activatedPlan: 'Your {{plan}} plan has been activated.',
    activated: 'Your subscription has been activated.',
    redirecting: 'Redirecting to dashboard in 3 seconds...',
    goNow: 'Go to Dashboard Now',
    notConfirmed: 'We could not confirm this payment yet',
    notConfirmedHint: 'If you completed the checkout, your plan changes as soon as the payment provider tells us.',
    missingSession: 'This page needs a payment session to confirm.',
    backToPlans: 'Back to plans',
  },
};
