import { BILLING_TEXT } from '../../../shared/messages/billing';
import type { PublicPlan } from '../../../shared/schemas/billing';
import { formatMonthlyUsage, formatPrice, isPaidPlan, planButton } from './plan-display';
import { OWN_IMAGE_TEXT } from '../../../shared/messages/own-images';
import { storageBytesForPlan } from '../../../shared/plans';

type Props = {
  plan: PublicPlan;
  currentPlanId: number | null;
  busyPlanId: number | null;
  onUpgrade: (plan: PublicPlan) => void;
  onCancel: (plan: PublicPlan) => void;
};

/**
 * One plan column (spec accounts §2 /billing): name, tagline, Popular, the green Current Plan badge, the price
 * per month, the monthly usage with '/ month', the three perks on paid plans, and Upgrade or Cancel.
 */
export function PlanCard({ plan, currentPlanId, busyPlanId, onUpgrade, onCancel }: Props) {
  const isCurrent = plan.id === currentPlanId;
  const button = planButton(plan, currentPlanId);
  const busy = busyPlanId === plan.id;
  const classes = ['plan-card', plan.isPopular ? 'popular' : '', isCurrent ? 'current' : ''].filter(Boolean).join(' ');
  return (
    <article className={classes} aria-labelledby={`plan-${plan.id}-name`} data-testid={`plan-${plan.name}`}>
      <header className="plan-head">
        <h2 id={`plan-${plan.id}-name`}>{plan.name}</h2>
        <div className="plan-badges">
          {plan.isPopular && <span className="plan-badge popular-badge">{BILLING_TEXT.popular}</span>}
          {isCurrent && <span className="plan-badge current-badge">{BILLING_TEXT.currentPlan}</span>}
        </div>
      </header>
      <p className="plan-tagline">{plan.tagline}</p>
      <p className="plan-price">
        <span className="plan-price-figure" data-testid="plan-price">
          {formatPrice(plan.price)}
        </span>
        <span className="plan-price-unit">{BILLING_TEXT.perMonthPrice}</span>
      </p>
      <p className="plan-usage">
        <span className="plan-usage-label">{BILLING_TEXT.usageLabel}</span>
        <span data-testid="plan-usage">
          {formatMonthlyUsage(plan.monthly_limit)} {BILLING_TEXT.perMonthUsage}
        </span>
      </p>
      <p className="plan-usage" data-testid="plan-storage">
        {OWN_IMAGE_TEXT.planStorage(storageBytesForPlan(plan.id))}
      </p>
      {isPaidPlan(plan) && (
        <ul className="plan-perks">
          {BILLING_TEXT.perks.map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
      )}
      {button && (
        <button
          type="button"
          className={button === 'cancel' ? 'btn plan-button' : 'btn primary plan-button'}
          disabled={busyPlanId !== null}
          onClick={() => (button === 'cancel' ? onCancel(plan) : onUpgrade(plan))}
        >
          {busy ? BILLING_TEXT.processing : button === 'cancel' ? BILLING_TEXT.cancel : BILLING_TEXT.upgrade}
        </button>
      )}
    </article>
  );
}
