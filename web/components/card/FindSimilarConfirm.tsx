import { useTranslation } from 'react-i18next';
import { UNLIMITED } from '#shared/plans';
import { effectiveMonthlyLimit } from '#shared/usage-limit';
import type { Card } from '../../data/wire';
import { useCurrentUser } from '../../data/user.queries';
import { DialogFooter } from '../dialogs/DialogFooter';
import { Dialog } from '../ui/Dialog';

/**
 * 'Find similar' from a card's hover toolbar asks first: it spends one of the month's searches, and a
 * stray click on a toolbar over a dense board should not. Says how many searches are left.
 */
export function FindSimilarConfirm({
  card,
  onConfirm,
  onClose,
}: {
  card: Card;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const user = useCurrentUser().data;
  const { t } = useTranslation('cards');
  const limit = effectiveMonthlyLimit(user?.monthly_limit);
  const left = !user || limit === UNLIMITED ? null : Math.max(0, limit - user.usage_count);
  return (
    <Dialog
      title={t('findSimilar.title')}
      subtitle={t('findSimilar.body', { title: card.title })}
      onClose={onClose}
      className="find-similar-confirm"
    >
      <p className="modal-subtitle">
        {left === null ? t('findSimilar.costUnlimited') : t('findSimilar.cost', { count: left })}
      </p>
      <DialogFooter
        actions={[
          { label: t('findSimilar.cancel'), onClick: onClose },
          {
            label: t('findSimilar.confirm'),
            kind: 'primary',
            onClick: () => {
              onClose();
              onConfirm();
            },
          },
        ]}
      />
    </Dialog>
  );
}
