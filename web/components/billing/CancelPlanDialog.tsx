import { CANCEL_PLAN_TEXT } from '#shared/messages/billing';
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
  const free = plans.find((p) => p.id === FREE_PLAN_ID);
  return (
    <Dialog title={CANCEL_PLAN_TEXT.title(plan.name)} onClose={onKeep} className="cancel-plan-dialog">
      <p>{CANCEL_PLAN_TEXT.loseHeading}</p>
      <ul className="cancel-plan-losses">
        {CANCEL_PLAN_TEXT.losses(free ? formatMonthlyUsage(free.monthly_limit) : '').map((loss) => (
          <li key={loss}>{loss}</li>
        ))}
      </ul>
      <TeamImpactNote planId={FREE_PLAN_ID} planName={free?.name ?? ''} />
      <p>{atPeriodEnd ? CANCEL_PLAN_TEXT.atPeriodEnd : CANCEL_PLAN_TEXT.atOnce}</p>
      <DialogFooter
        actions={[
          { label: CANCEL_PLAN_TEXT.keep, kind: 'primary', onClick: onKeep },
          { label: CANCEL_PLAN_TEXT.confirm, kind: 'danger', onClick: onConfirm },
        ]}
      />
    </Dialog>
  );
}
