import type { ToastText } from './web';

/**
 * Texts of the plan page and the payment return page (spec accounts §1 plan page copy, §2 /billing and
 * /billing-success, §8 Billing toasts). Spec wording where the spec gives it; the self-hosted note and the
 * unconfirmed-payment texts are ours.
 */
export const BILLING_TEXT = {
  /** A plan's people per board (shared/plans.ts membersPerBoard, the owner counted: 1 is the owner alone). */
  planMembers: (people: number) =>
    people < 0
      ? 'Unlimited people on each board'
      : people === 1
        ? 'Boards for you alone'
        : `Up to ${people} people on each board`,
  heading: 'Choose Your Plan',
  intro:
    'Select the perfect plan for your needs and start collecting game references today. All plans include access to the full game reference database and support.',
  loading: 'Loading pricing plans',
  loadFailed: 'Could not load the plans. Please try again.',
  close: 'Close',
  popular: 'Popular',
  currentPlan: 'Current Plan',
  perMonthPrice: 'per month',
  perMonthUsage: '/ month',
  usageLabel: 'Searches',
  unlimited: '∞',
  perks: ['Access to Features Search', 'Access to Premium Collections', 'Access to Premium Sections'],
  upgrade: 'Upgrade',
  /** A cheaper plan than the user's: the button says where it goes rather than "Upgrade". */
  switchTo: (planName: string) => `Switch to ${planName}`,
  cancel: 'Cancel',
  manageBilling: 'Manage billing',
  /** The Free card: what it includes and what it locks, so the difference between plans shows. */
  freeIncludesHeading: 'Includes',
  freeIncludes: (monthlyLimit: string) => [
    `${monthlyLimit} searches a month`,
    'Boards, bookmarks and share links',
    'Free collections',
  ],
  freeLocksHeading: 'Locked',
  freeLocks: [
    'Premium Sections: about half of the sections on a board',
    'Full Features Search results',
    'Premium Collections',
  ],
  /** A Stripe subscription cancelled at the period's end, on the current plan's card. */
  endsOn: (date: string) => `Cancelled: your plan ends on ${date}`,
  processing: 'Processing...',
  selfHostedTitle: 'Payments are off on this server',
  selfHostedNote:
    'No payment provider is configured here, so Upgrade and Cancel switch your plan directly, without payment.',
} as const;

/** The confirmation before Cancel: what the user gives up. */
export const CANCEL_PLAN_TEXT = {
  title: (planName: string) => `Cancel your ${planName} plan?`,
  loseHeading: 'You will lose:',
  losses: (freeLimit: string) => [
    'Premium Sections: about half of the sections on each board lock again',
    'Features Search beyond the first results',
    'Premium Collections',
    `More searches: Free has ${freeLimit} a month`,
  ],
  atPeriodEnd: 'You keep your plan until the end of the period you have paid for.',
  atOnce: 'The change takes effect at once.',
  keep: 'Keep my plan',
  confirm: 'Cancel plan',
} as const;

/** The plan page's month: searches and storage used, when searches come back, and why the user is here. */
export const PLAN_MONTH_TEXT = {
  heading: 'This month',
  searches: 'Searches',
  used: (used: string, limit: string) => `${used} of ${limit} used`,
  usedUnlimited: (used: string) => `${used} used (unlimited)`,
  comeBackOn: (date: string) => `Searches come back on ${date}`,
  fromLimit: (limit: string, planName: string, date: string | null) =>
    `You are here because you have used all ${limit} searches of your ${planName} plan this month. Upgrade to search again now${date ? `, or wait until ${date}` : ''}.`,
} as const;

/**
 * The confirmation before any plan change: what changes now, what at the period's end, the
 * limits before and after, and what unlocks. Downgrades take effect at once (docs/decisions/0011-plan-changes.md).
 */
export const PLAN_CHANGE_TEXT = {
  upgradeTitle: (planName: string) => `Upgrade to ${planName}?`,
  switchTitle: (planName: string) => `Switch to ${planName}?`,
  nowHeading: 'Now',
  laterHeading: (date: string | null) => (date ? `At the end of the period (${date})` : 'At the end of the period'),
  becomesNow: (planName: string) => `Your plan becomes ${planName} at once.`,
  downgradeAtOnce: 'A downgrade takes effect now, not at the end of the period.',
  chargeNow: (amount: string, newPlan: string, oldPlan: string) =>
    `You pay ${amount} now: the rest of this period on ${newPlan}, less what is left of ${oldPlan}.`,
  creditNow: (amount: string, oldPlan: string) =>
    `${amount} for the unused part of ${oldPlan} is credited to your account and taken off your next invoices.`,
  nothingNow: 'Nothing to pay now.',
  checkoutNow: (amount: string, planName: string) =>
    `You pay ${amount} on the payment page; your plan becomes ${planName} as soon as the payment goes through.`,
  resumes: 'Your cancellation is withdrawn: the subscription renews again.',
  renews: (planName: string, price: string) => `${planName} renews at ${price} a month until you cancel.`,
  selfHostedLater: 'Nothing changes later: this server takes no payments.',
  pricing: 'Working out the price with Stripe…',
  pricingFailed: 'Could not work out the price of this change. Please try again.',
  limitsCaption: 'Limits',
  limitHeader: 'Limit',
  searchesRow: 'Searches a month',
  storageRow: 'Image storage',
  membersRow: 'Members per board',
  unlimited: 'Unlimited',
  unlocksHeading: 'Unlocks:',
  unlocks: ['Premium Sections on every board', 'Full Features Search results', 'Premium Collections'],
  stayUnlocked: 'Premium Sections, Features Search and Premium Collections stay unlocked.',
  searchesOver: (used: string, planName: string, limit: string, date: string | null) =>
    `You have used ${used} searches this month; ${planName} has ${limit}, so searches stop${date ? ` until ${date}` : ' until the month resets'}.`,
  storageOver: (used: string, planName: string, quota: string) =>
    `Your images take ${used}; ${planName} keeps ${quota}: new images are refused until you delete some.`,
  keep: (planName: string) => `Keep ${planName}`,
  notNow: 'Not now',
  confirmUpgrade: (planName: string) => `Upgrade to ${planName}`,
  confirmSwitch: (planName: string) => `Switch to ${planName}`,
  continueToPayment: 'Continue to payment',
} as const;

export const BILLING_TOASTS = {
  /**
   * After a plan change, named by its direction (never "upgraded" for a downgrade). The descriptions
   * are the spec's (§8) where it has one.
   */
  planChanged: (direction: 'upgrade' | 'downgrade', planName: string, viaStripe: boolean) => ({
    title: direction === 'upgrade' ? `Upgraded to ${planName}` : `Switched to ${planName}`,
    description: !viaStripe
      ? 'Your subscription plan has been updated successfully.'
      : direction === 'upgrade'
        ? 'Your subscription has been upgraded successfully!'
        : 'The unused part of your previous plan is credited to your next invoices.',
  }),
  planChangeFailed: (serverMessage?: string | null) => ({
    title: 'Failed to update plan',
    ...(serverMessage ? { description: serverMessage } : {}),
  }),
  cancelledAtPeriodEnd: (planName: string, date: string | null) => ({
    title: 'Plan cancelled',
    description: date
      ? `Your ${planName} plan stays active until ${date}.`
      : `Your ${planName} plan stays active until the end of the period.`,
  }),
  cancelFailed: (serverMessage?: string | null) => ({
    title: 'Cancel failed',
    description: serverMessage || 'Unable to cancel the plan. Please try again.',
  }),
  paymentError: (serverMessage?: string | null) => ({
    title: 'Payment Error',
    description: serverMessage || 'Unable to start payment process. Please try again.',
  }),
} satisfies Record<string, ToastText | ((...args: never[]) => ToastText)>;

/** Spec §8: 'Portal Error' with the server's message, or the default text. */
export function portalErrorToast(serverMessage?: string | null): ToastText {
  return {
    title: 'Portal Error',
    description: serverMessage || 'Unable to open subscription management. Please try again.',
  };
}

export const BILLING_SUCCESS_TEXT = {
  confirming: 'Confirming your payment...',
  success: 'Payment Successful!',
  activated: (planName: string | null) =>
    planName ? `Your ${planName} plan has been activated.` : 'Your subscription has been activated.',
  redirecting: 'Redirecting to dashboard in 3 seconds...',
  goNow: 'Go to Dashboard Now',
  notConfirmed: 'We could not confirm this payment yet',
  notConfirmedHint: 'If you completed the checkout, your plan changes as soon as the payment provider tells us.',
  missingSession: 'This page needs a payment session to confirm.',
  backToPlans: 'Back to plans',
} as const;
