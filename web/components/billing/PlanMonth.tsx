import { useTranslation } from 'react-i18next';
import { UNLIMITED } from '#shared/plans';
import type { StorageUsage } from '#shared/schemas/own-images';
import { formatResetDate } from '#shared/usage-dates';
import { effectiveMonthlyLimit } from '#shared/usage-limit';
import type { CurrentUser } from '../../data/wire';
import { formatNumber } from '../../logic/usage';
import { formatBytesIn } from './plan-display';

type Props = {
  user: CurrentUser;
  planName: string | null;
  storage: StorageUsage | null;
  /** The user was sent here by the monthly limit notice (the search flow's redirect). */
  fromLimit: boolean;
};

/**
 * The plan page's month: searches used of the limit with a bar, the date they come back,
 * image storage used of the quota, and, after the limit notice, why the user is here. It reads the cached user
 * and storage, so it follows any plan change at once.
 */
export function PlanMonth({ user, planName, storage, fromLimit }: Props) {
  const { t, i18n } = useTranslation('billing');
  const limit = effectiveMonthlyLimit(user.monthly_limit);
  const used = Math.max(0, user.usage_count);
  const resetOn = formatResetDate(user.usage_reset_date, new Date(), i18n.language);
  const bytes = (n: number) => formatBytesIn(n, i18n.language);
  const unlimited = limit === UNLIMITED;
  const shownUsed = unlimited ? used : Math.min(used, limit);
  return (
    <section className="plan-month" aria-labelledby="plan-month-heading" data-testid="plan-month">
      <h2 id="plan-month-heading">{t('month.heading')}</h2>
      {fromLimit && !unlimited && planName && (
        <p className="plan-month-why" role="status" data-testid="plan-month-why">
          {resetOn
            ? t('month.fromLimitUntil', { count: limit, limit: formatNumber(limit), plan: planName, date: resetOn })
            : t('month.fromLimit', { count: limit, limit: formatNumber(limit), plan: planName })}
        </p>
      )}
      <Meter
        label={t('month.searches')}
        figure={
          unlimited
            ? t('month.usedUnlimited', { used: formatNumber(used) })
            : t('month.used', { used: formatNumber(shownUsed), limit: formatNumber(limit) })
        }
        value={unlimited ? null : shownUsed}
        max={unlimited ? null : limit}
        testId="plan-month-searches"
      />
      {resetOn && (
        <p className="plan-month-reset" data-testid="plan-month-reset">
          {t('month.comeBackOn', { date: resetOn })}
        </p>
      )}
      {storage && (
        <Meter
          label={t('month.storageLabel')}
          figure={
            storage.limitBytes < 0
              ? t('month.storageUsedUnlimited', { used: bytes(storage.usedBytes) })
              : t('month.storageUsed', { used: bytes(storage.usedBytes), limit: bytes(storage.limitBytes) })
          }
          value={storage.limitBytes < 0 ? null : Math.min(storage.usedBytes, storage.limitBytes)}
          max={storage.limitBytes < 0 ? null : storage.limitBytes}
          testId="storage-usage"
        />
      )}
    </section>
  );
}

/** One line of the month: what it is, the figure, and a bar when there is a limit (red once it is reached). */
function Meter({
  label,
  figure,
  value,
  max,
  testId,
}: {
  label: string;
  figure: string;
  value: number | null;
  max: number | null;
  testId: string;
}) {
  const fraction = value !== null && max ? Math.min(1, value / max) : 0;
  const full = value !== null && max !== null && value >= max;
  return (
    <div className={full ? 'plan-meter full' : 'plan-meter'}>
      <div className="plan-meter-label">
        <span>{label}</span>
        <span data-testid={testId}>{figure}</span>
      </div>
      {value !== null && max !== null && (
        <div
          className="plan-meter-bar"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={value}
          aria-valuetext={figure}
        >
          <div className="plan-meter-fill" style={{ width: `${fraction * 100}%` }} />
        </div>
      )}
    </div>
  );
}
