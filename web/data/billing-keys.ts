/** Query keys of the plan page and the payment return page (STYLE.md §5: factories, never inline arrays). */
export const billingKeys = {
  all: ['billing'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  config: () => [...billingKeys.all, 'config'] as const,
  session: (sessionId: string) => [...billingKeys.all, 'session', sessionId] as const,
  /** Stripe's invoice preview of changing the live subscription to a plan. */
  changePreview: (planId: number) => [...billingKeys.all, 'change-preview', planId] as const,
  /** What moving to a plan costs the people on the user's boards. */
  teamImpact: (planId: number) => [...billingKeys.all, 'team-impact', planId] as const,
};
