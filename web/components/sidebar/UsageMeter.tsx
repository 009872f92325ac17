import { USAGE_TEXT } from '#shared/messages/web';
import { formatResetDate } from '#shared/usage-dates';
import { usageMeter } from '../../logic/usage';
import type { CurrentUser } from '../../data/wire';

/**
 * Spec accounts §6: used/limit, ∞ for -1, the bar red at or over the limit. The tooltip says when the month's
 * searches come back; once they are used up that date also shows under the bar.
 */
export function UsageMeter({ user }: { user: CurrentUser }) {
  const meter = usageMeter(user.usage_count, user.monthly_limit);
  const resetDate = formatResetDate(user.usage_reset_date);
  const resetLine = resetDate ? USAGE_TEXT.resetsOn(resetDate) : undefined;
  return (
    <div className={meter.overLimit ? 'usage over' : 'usage'} data-testid="usage-meter" title={resetLine}>
      <div className="usage-label">
        <span>{USAGE_TEXT.label}</span>
        <span className="usage-figure">{meter.text}</span>
      </div>
      <div
        className="usage-bar"
        role="progressbar"
        aria-label={USAGE_TEXT.label}
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
