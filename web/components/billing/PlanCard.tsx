import { useTranslation } from 'react-i18next';
import type { PublicPlan } from '#shared/schemas/billing';
import {
  formatBytesIn,
  formatMonthlyUsage,
  formatPrice,
  isPaidPlan,
  planButton,
  planButtonLabel,
} from './plan-display';
import { membersPerBoardForPlan, storageBytesForPlan } from '#shared/plans';

type Props = {
  plan: PublicPlan;
  currentPlan: PublicPlan | null;
  busyPlanId: number | null;
  /** The current plan's Stripe subscription is cancelled and ends on this date (as people read it). */
  endsOn: string | null;
  /** Manage billing (the Stripe customer portal) on the current paid plan; absent without Stripe. */
  onManageBilling?: () => void;
  onUpgrade: (plan: PublicPlan) => void;
  onCancel: (plan: PublicPlan) => void;
};

/**
 * One plan column (spec accounts §2 /billing): name, tagline, Popular, the green Current Plan badge, the price
 * per month, the monthly usage with '/ month', its image storage and people per board, the three perks on paid plans (and on Free what it includes and
 * locks), and the button: Upgrade, Switch to … for a cheaper plan, or Cancel; a cancelled plan shows its end date.
 */
export function PlanCard({ plan, currentPlan, busyPlanId, endsOn, onManageBilling, onUpgrade, onCancel }: Props) {
  const { t, i18n } = useTranslation('billing');
  const isCurrent = plan.id === currentPlan?.id;
  const storageBytes = storageBytesForPlan(plan.id);
  const members = membersPerBoardForPlan(plan.id);
  const button = isCurrent && endsOn ? null : planButton(plan, currentPlan);
  const busy = busyPlanId === plan.id;
  const classes = ['plan-card', plan.isPopular ? 'popular' : '', isCurrent ? 'current' : ''].filter(Boolean).join(' ');
  return (
    <article className={classes} aria-labelledby={`plan-${plan.id}-name`} data-testid={`plan-${plan.name}`}>
      <header className="plan-head">
        <h2 id={`plan-${plan.id}-name`} translate="no">
          {plan.name}
        </h2>
        <div className="plan-badges">
          {plan.isPopular && <span className="plan-badge popular-badge">{t('card.popular')}</span>}
          {isCurrent && <span className="plan-badge current-badge">{t('card.currentPlan')}</span>}
        </div>
      </header>
      <p className="plan-tagline" translate="no">
        {plan.tagline}
      </p>
      <p className="plan-price">
        <span className="plan-price-figure" data-testid="plan-price">
          {formatPrice(plan.price)}
        </span>
        <span className="plan-price-unit">{t('card.perMonthPrice')}</span>
      </p>
      <p className="plan-usage">
        <span className="plan-usage-label">{t('card.usageLabel')}</span>
        <span data-testid="plan-usage">
          {formatMonthlyUsage(plan.monthly_limit)} {t('card.perMonthUsage')}
        </span>
      </p>
      <p className="plan-usage" data-testid="plan-storage">
        {storageBytes < 0
          ? t('card.storageUnlimited')
          : t('card.storage', { size: formatBytesIn(storageBytes, i18n.language) })}
      </p>
      <p className="plan-usage" data-testid="plan-members">
        {members < 0
          ? t('card.membersUnlimited')
          : members === 1
            ? t('card.membersAlone')
            : t('card.membersUpTo', { count: members })}
      </p>
      {isPaidPlan(plan) ? (
        <ul className="plan-perks">
          {[t('card.perkFeatureSearch'), t('card.perkCollections'), t('card.perkSections')].map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
      ) : (
        <div className="plan-free-terms">
          <p className="plan-terms-heading">{t('card.freeIncludesHeading')}</p>
          <ul className="plan-includes" data-testid="plan-includes">
            {[
              t('card.freeSearches', { count: plan.monthly_limit, limit: formatMonthlyUsage(plan.monthly_limit) }),
              t('card.freeBoards'),
              t('card.freeCollections'),
            ].map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="plan-terms-heading">{t('card.freeLocksHeading')}</p>
          <ul className="plan-locks" data-testid="plan-locks">
            {[t('card.lockSections'), t('card.lockFeatureSearch'), t('card.lockCollections')].map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      {isCurrent && endsOn && (
        <p className="plan-ends" role="status" data-testid="plan-ends">
          {t('card.endsOn', { date: endsOn })}
        </p>
      )}
      {button && (
        <button
          type="button"
          className={button === 'cancel' ? 'btn plan-button' : 'btn primary plan-button'}
          disabled={busyPlanId !== null}
          onClick={() => (button === 'cancel' ? onCancel(plan) : onUpgrade(plan))}
        >
          {busy ? t('card.processing') : planButtonLabel(button, plan)}
        </button>
      )}
      {isCurrent && isPaidPlan(plan) && onManageBilling && (
        <button type="button" className="btn link plan-manage" disabled={busyPlanId !== null} onClick={onManageBilling}>
          {t('card.manageBilling')}
        </button>
      )}
    </article>
  );
}
