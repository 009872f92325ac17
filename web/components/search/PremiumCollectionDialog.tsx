import { DialogFooter } from '../dialogs/DialogFooter';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog';

/** Premium Collection dialog (spec accounts §2): the upsell shown when a free plan opens a pro collection. */
export function PremiumCollectionDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const navigate = useNavigate();
  const { t } = useTranslation('collections');
  return (
    <Dialog title={t('premium.title')} onClose={onClose}>
      <p>{t('premium.only')}</p>
      <p className="premium-name">{t('premium.name', { name })}</p>
      <p>{t('premium.upgrade')}</p>
      <DialogFooter
        actions={[
          { label: t('premium.cancel'), onClick: onClose },
          {
            label: t('premium.viewPlans'),
            kind: 'primary',
            onClick: () => {
              onClose();
              void navigate('/billing');
            },
          },
        ]}
      />
    </Dialog>
  );
}
