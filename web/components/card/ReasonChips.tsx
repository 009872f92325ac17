import { useTranslation } from 'react-i18next';
import type { CardReason } from '#shared/schemas/card';

/**
 * Why a search put the card on the board: small chips for the matched tag, genre, tier, game and
 * words, shown in the viewer and under the hover controls. Nothing for cards made by hand.
 */
export function ReasonChips({ reasons, compact = false }: { reasons: readonly CardReason[]; compact?: boolean }) {
  const { t } = useTranslation('cards');
  if (reasons.length === 0) return null;
  return (
    <ul
      className={compact ? 'reason-chips compact' : 'reason-chips'}
      aria-label={t('reasons.heading')}
      data-testid="reason-chips"
    >
      {reasons.map((r) => (
        <li key={`${r.kind}:${r.value}`} className={`reason-chip reason-${r.kind}`} title={t(`reasons.kind.${r.kind}`)}>
          {r.label}
        </li>
      ))}
    </ul>
  );
}
