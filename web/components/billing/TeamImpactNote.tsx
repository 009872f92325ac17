import { useTranslation } from 'react-i18next';
import { useTeamImpact } from '../../data/team-plan';

/**
 * What a plan move costs the people on the user's boards, in the cancel and plan-change dialogs: the members who
 * will see sections locked (the owner's plan decides what everyone on a board sees), and the boards with more
 * people than the plan allows. Nothing while it loads, or when nobody loses anything.
 */
export function TeamImpactNote({ planId, planName }: { planId: number; planName: string }) {
  const { t } = useTranslation('team');
  const impact = useTeamImpact(planId).data;
  if (!impact || impact.planId !== planId || impact.members === 0) return null;
  if (impact.lockedSections === 0 && impact.overLimitBoards === 0) return null;
  return (
    <div className="plan-change-warning" role="note" data-testid="team-impact">
      {impact.lockedSections > 0 && (
        <p>
          {t('plan.impactLocked', {
            members: t('plan.members', { count: impact.members }),
            onBoards: t('plan.onBoards', { count: impact.boards }),
            sections: t('plan.sections', { count: impact.lockedSections }),
          })}
        </p>
      )}
      {impact.overLimitBoards > 0 && (
        <p>{t('plan.impactOverLimit', { count: impact.overLimitBoards, plan: planName })}</p>
      )}
    </div>
  );
}
