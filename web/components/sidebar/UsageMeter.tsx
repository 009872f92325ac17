import { useTranslation } from 'react-i18next';
import { formatResetDate } from '#shared/usage-dates';
import { usageMeter } from '../../logic/usage';
import type { CurrentUser } from '../../data/wire';

/**
 * Spec accounts §6: used/limit, ∞ for -1, the bar red at or over the limit. The tooltip says when the month's
 * searches come back; once they are used up that date also shows under the bar.
 */
export function UsageMeter({ user }: { user: CurrentUser }) {
  const meter = usageMeter(user.usage_count, user.monthly_limit);
  const { t, i18n } = useTranslation('sidebar');
  const resetDate = formatResetDate(user.usage_reset_date, new Date(), i18n.language);
  const resetLine = resetDate ? t('usage.resetsOn', { date: resetDate }) : undefined;
  return (
    <div className={meter.overLimit ? 'usage over' : 'usage'} data-testid="usage-meter" title={resetLine}>
      <div className="usage-label">
        <span>{t('usage.label')}</span>
        <span className="usage-figure">{meter.text}</span>
      </div>
      <div
        className="usage-bar"
        role="progressbar"
        aria-label={t('usage.label')}
        aria-valuetext={meter.text}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(meter.fraction * 100)}
      >
        <div className="usage-fill" style={{ width: `${meter.fraction * 100}%` }} />
      </div>
      {meter.overLimit && resetLine && (
        <p className="usage-reset" data-testid="usage-reset">
          {resetLine}
        </p>
      )}
    </div>
  );
}
