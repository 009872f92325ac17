import { USAGE_TEXT } from '../../../shared/messages/web';
import { usageMeter } from '../../logic/usage';
import type { CurrentUser } from '../../data/wire';

/** Spec accounts §6: used/limit, ∞ for -1, the bar red at or over the limit. */
export function UsageMeter({ user }: { user: CurrentUser }) {
  const meter = usageMeter(user.usage_count, user.monthly_limit);
  return (
    <div className={meter.overLimit ? 'usage over' : 'usage'} data-testid="usage-meter">
      <div className="usage-label">
        <span>{USAGE_TEXT.label}</span>
        <span className="usage-figure">{meter.text}</span>
      </div>
      <div className="usage-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(meter.fraction * 100)}>
        <div className="usage-fill" style={{ width: `${meter.fraction * 100}%` }} />
      </div>
    </div>
  );
}
