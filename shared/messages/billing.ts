/**
 * Texts of the payment return page (spec accounts §2 /billing-success). The plan page and the plan dialogs read
 * theirs from the interface catalogues (shared/messages/catalogues/{en,ru}/billing.ts).
 */
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
