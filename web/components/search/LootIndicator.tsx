import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONFETTI_MS,
  DOTS_INTERVAL_MS,
  SUCCESS_DONE_AT_MS,
  SUCCESS_FADE_AT_MS,
  confettiPieces,
  loadingDots,
  type IndicatorStatus,
} from '../../logic/search/indicator-timeline';

type Props = {
  status: IndicatorStatus;
  /** Called 3.5 s into the success state (spec accounts §4: the completion callback). */
  onDone: () => void;
};

/**
 * The loot indicator (spec accounts §1, §4): hidden; loading 'Looting references' with dots cycling every
 * 400 ms; success "Here's your loot!" with 16 pieces of confetti for 2 s, fading at 2.5 s, done at 3.5 s.
 */
export function LootIndicator({ status, onDone }: Props) {
  if (status === 'hidden') return null;
  return status === 'loading' ? <Loading /> : <Success onDone={onDone} />;
}

function Loading() {
  const [tick, setTick] = useState(0);
  const { t } = useTranslation('search');
  useEffect(() => {
    const timer = window.setInterval(() => setTick((t) => t + 1), DOTS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="loot-indicator" role="status" aria-live="polite" data-testid="loot-indicator" data-status="loading">
      <span className="loot-spinner" aria-hidden />
      <span>
        {t('indicator.loading')}
        <span className="loot-dots" data-testid="loot-dots">
          {loadingDots(tick)}
        </span>
      </span>
    </div>
  );
}

function Success({ onDone }: { onDone: () => void }) {
  const pieces = useMemo(() => confettiPieces(), []);
  const { t } = useTranslation('search');
  const [confetti, setConfetti] = useState(true);
  const [fading, setFading] = useState(false);
  useEffect(() => {
    const timers = [
      window.setTimeout(() => setConfetti(false), CONFETTI_MS),
      window.setTimeout(() => setFading(true), SUCCESS_FADE_AT_MS),
      window.setTimeout(onDone, SUCCESS_DONE_AT_MS),
    ];
    return () => timers.forEach((t) => window.clearTimeout(t));
    // The timeline starts once per success; a new onDone identity must not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div
      className={fading ? 'loot-indicator success fading' : 'loot-indicator success'}
      role="status"
      aria-live="polite"
      data-testid="loot-indicator"
      data-status="success"
    >
      <span>{t('indicator.success')}</span>
      {confetti && (
        <span className="confetti" aria-hidden data-testid="confetti">
          {pieces.map((p, i) => (
            <i
              key={i}
              className="confetti-piece"
              style={
                {
                  left: `${p.left}%`,
                  background: p.color,
                  animationDelay: `${p.delayMs}ms`,
                  '--drift': `${p.drift}px`,
                  '--spin': `${p.rotate}deg`,
                } as CSSProperties
              }
            />
          ))}
        </span>
      )}
    </div>
  );
}
