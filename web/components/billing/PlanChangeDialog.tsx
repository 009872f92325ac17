import { useTranslation } from 'react-i18next';
import type { PublicPlan } from '#shared/schemas/billing';
import { usePlanChangePreview } from '../../data/billing.queries';
import { failureText } from '../../data/failure-text';
import type { CurrentUser } from '../../data/wire';
import { DialogFooter } from '../dialogs/DialogFooter';
import { Dialog } from '../ui/Dialog';
import { describePlanChange } from './plan-change';
import { TeamImpactNote } from './TeamImpactNote';
import type { UpgradeRoute } from './plan-routes';

type Props = {
  current: PublicPlan;
  target: PublicPlan;
  route: UpgradeRoute;
  user: CurrentUser;
  storageUsedBytes: number | null;
  onKeep: () => void;
  /** The user confirmed; a Stripe change carries the proration date of the preview that was shown. */
  onConfirm: (prorationDate?: number) => void;
};

/**
 * The confirmation before every plan change: what changes now (the plan, Stripe's prorated
 * charge or credit, the limits before and after, what unlocks) and what at the period's end. Escape or the backdrop
 * keeps the plan, as Keep does.
 */
export function PlanChangeDialog({ current, target, route, user, storageUsedBytes, onKeep, onConfirm }: Props) {
  // Re-renders on a language change, and describePlanChange reads the catalogue in the language of the moment.
  const { t } = useTranslation('billing');
  const stripeChange = route === 'change-subscription';
  const preview = usePlanChangePreview(target.id, stripeChange);
  // Only this opening's price is shown and confirmed: a preview still cached from the last opening (reopened before
  // its clean-up ran) is hidden while it is read again, so the amount confirmed is the one just priced.
  const priced = preview.isFetching ? null : (preview.data ?? null);
  const summary = describePlanChange({
    current,
    target,
    route,
    preview: priced,
    usageCount: user.usage_count,
    usageResetDate: user.usage_reset_date,
    planEndsAt: user.plan_ends_at,
    storageUsedBytes,
  });
  const pricing = stripeChange && (preview.isPending || preview.isFetching);
  const priceFailed = stripeChange && !preview.isFetching && preview.isError;

  return (
    <Dialog title={summary.title} onClose={onKeep} className="plan-change-dialog">
      <section aria-labelledby="plan-change-now-heading">
        <h3 id="plan-change-now-heading" className="plan-change-heading">
          {t('change.nowHeading')}
        </h3>
        <ul className="plan-change-lines" data-testid="plan-change-now">
          {summary.now.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {pricing && (
          <p role="status" className="plan-change-pricing">
            <span className="spinner" aria-hidden />
            {t('change.pricing')}
          </p>
        )}
        {priceFailed && (
          <p role="alert" className="form-error">
            {failureText(preview.error, t('change.pricingFailed'))}
          </p>
        )}
        <table className="plan-change-limits" data-testid="plan-change-limits">
          <caption>{t('change.limitsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('change.limitHeader')}</th>
              <th scope="col" translate="no">
                {current.name}
              </th>
              <th scope="col" translate="no">
                {target.name}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.limits.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.from}</td>
                <td>{row.to}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {summary.unlocks.length > 0 && (
          <div data-testid="plan-change-unlocks">
            <p className="plan-change-subheading">{t('change.unlocksHeading')}</p>
            <ul className="plan-change-lines">
              {summary.unlocks.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        {summary.stayUnlocked && <p data-testid="plan-change-unlocks">{t('change.stayUnlocked')}</p>}
        <TeamImpactNote planId={target.id} planName={target.name} />
        {summary.warnings.map((line) => (
          <p key={line} className="plan-change-warning" role="note">
            {line}
          </p>
        ))}
      </section>
      <section aria-labelledby="plan-change-later-heading">
        <h3 id="plan-change-later-heading" className="plan-change-heading">
          {summary.laterHeading}
        </h3>
        <p data-testid="plan-change-later">{summary.later}</p>
      </section>
      <DialogFooter
        actions={[
          { label: summary.keepLabel, onClick: onKeep },
          {
            label: summary.confirmLabel,
            kind: 'primary',
            disabled: pricing || priceFailed,
            onClick: () => onConfirm(priced?.prorationDate),
          },
        ]}
      />
    </Dialog>
  );
}
