import type { ToastText } from './web';

/**
 * Texts of the plan page and the payment return page (spec accounts §1 plan page copy, §2 /billing and
 * /billing-success, §8 Billing toasts). Spec wording where the spec gives it; the self-hosted note and the
 * unconfirmed-payment texts are ours.
 */
export const BILLING_TEXT = {
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
  freeIncludes: (monthlyLimit: string) => [`${monthlyLimit} searches a month`, 'Boards, bookmarks and share links', 'Free collections'],
  freeLocksHeading: 'Locked',
  freeLocks: ['Premium Sections: about half of the sections on a board', 'Full Features Search results', 'Premium Collections'],
  /** A Stripe subscription cancelled at the period's end, on the current plan's card. */
  endsOn: (date: string) => `Cancelled: your plan ends on ${date}`,
  processing: 'Processing...',
  selfHostedTitle: 'Payments are off on this server',
  selfHostedNote: 'No payment provider is configured here, so Upgrade and Cancel switch your plan directly, without payment.',
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

export const BILLING_TOASTS = {
  cancelledAtPeriodEnd: (planName: string, date: string | null) => ({
    title: 'Plan cancelled',
    description: date ? `Your ${planName} plan stays active until ${date}.` : `Your ${planName} plan stays active until the end of the period.`,
  }),
  cancelFailed: (serverMessage?: string | null) => ({ title: 'Cancel failed', description: serverMessage || 'Unable to cancel the plan. Please try again.' }),
  /** Spec §8 "Other toasts": the direct plan switch (PATCH /api/user/plan). */
  planSwitched: { title: 'Plan Updated', description: 'Your subscription plan has been updated successfully.' },
  planSwitchFailed: { title: 'Failed to update plan' },
  /** Spec §8 Billing: the in-place subscription change, then a reload. */
  upgraded: { title: 'Plan Updated', description: 'Your subscription has been upgraded successfully!' },
  paymentError: { title: 'Payment Error', description: 'Unable to start payment process. Please try again.' },
} satisfies Record<string, ToastText | ((...args: never[]) => ToastText)>;

/** Spec §8: 'Portal Error' with the server's message, or the default text. */
export function portalErrorToast(serverMessage?: string | null): ToastText {
  return { title: 'Portal Error', description: serverMessage || 'Unable to open subscription management. Please try again.' };
}

export const BILLING_SUCCESS_TEXT = {
  confirming: 'Confirming your payment...',
  success: 'Payment Successful!',
  activated: (planName: string | null) => (planName ? `Your ${planName} plan has been activated.` : 'Your subscription has been activated.'),
  redirecting: 'Redirecting to dashboard in 3 seconds...',
  goNow: 'Go to Dashboard Now',
  notConfirmed: 'We could not confirm this payment yet',
  notConfirmedHint: 'If you completed the checkout, your plan changes as soon as the payment provider tells us.',
  missingSession: 'This page needs a payment session to confirm.',
  backToPlans: 'Back to plans',
} as const;
