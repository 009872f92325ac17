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
  cancel: 'Cancel',
  processing: 'Processing...',
  selfHostedTitle: 'Payments are off on this server',
  selfHostedNote: 'No payment provider is configured here, so Upgrade and Cancel switch your plan directly, without payment.',
} as const;

export const BILLING_TOASTS = {
  /** Spec §8 "Other toasts": the direct plan switch (PATCH /api/user/plan). */
  planSwitched: { title: 'Plan Updated', description: 'Your subscription plan has been updated successfully.' },
  planSwitchFailed: { title: 'Failed to update plan' },
  /** Spec §8 Billing: the in-place subscription change, then a reload. */
  upgraded: { title: 'Plan Updated', description: 'Your subscription has been upgraded successfully!' },
  paymentError: { title: 'Payment Error', description: 'Unable to start payment process. Please try again.' },
} satisfies Record<string, ToastText>;

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
