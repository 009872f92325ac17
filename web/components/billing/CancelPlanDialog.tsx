import { useTranslation } from 'react-i18next';
import { FREE_PLAN_ID } from '#shared/plans';
import type { PublicPlan } from '#shared/schemas/billing';
import { DialogFooter } from '../dialogs/DialogFooter';
import { Dialog } from '../ui/Dialog';
import { formatMonthlyUsage } from './plan-display';
import { TeamImpactNote } from './TeamImpactNote';

type Props = {
  plan: PublicPlan;
  plans: readonly PublicPlan[];
  atPeriodEnd: boolean;
  onKeep: () => void;
  onConfirm: () => void;
};

/** Cancel asks first, naming what the user gives up (sections, feature search, pro collections, searches). */
export function CancelPlanDialog({ plan, plans, atPeriodEnd, onKeep, onConfirm }: Props) {
  const { t } = useTranslation('billing');
  const free = plans.find((p) => p.id === FREE_PLAN_ID);
  const losses = [
    t('cancel.loseSections'),
    t('cancel.loseFeatureSearch'),
    t('cancel.loseCollections'),
    t('cancel.loseSearches', { limit: free ? formatMonthlyUsage(free.monthly_limit) : '' }),
  ];
  return (
    <Dialog title={t('cancel.title', { plan: plan.name })} onClose={onKeep} className="cancel-plan-dialog">
      <p>{t('cancel.loseHeading')}</p>
      <ul className="cancel-plan-losses">
        {losses.map((loss) => (
          <li key={loss}>{loss}</li>
        ))}
      </ul>
      <TeamImpactNote planId={FREE_PLAN_ID} planName={free?.name ?? ''} />
      <p>{atPeriodEnd ? t('cancel.atPeriodEnd') : t('cancel.atOnce')}</p>
      <DialogFooter
        actions={[
          { label: t('cancel.keep'), kind: 'primary', onClick: onKeep },
          { label: t('cancel.confirm'), kind: 'danger', onClick: onConfirm },
        ]}
      />
    </Dialog>
  );
}
