import { DialogFooter } from '../dialogs/DialogFooter';
import { useNavigate } from 'react-router-dom';
import { CATALOGUE_MESSAGES } from '#shared/messages/catalogue';
import { Dialog } from '../ui/Dialog';

/** Premium Collection dialog (spec accounts §2): the upsell shown when a free plan opens a pro collection. */
export function PremiumCollectionDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog title="Premium Collection" onClose={onClose}>
      <p>{CATALOGUE_MESSAGES.proCollectionOnly}</p>
      <p className="premium-name">{CATALOGUE_MESSAGES.proCollectionName(name)}</p>
      <p>{CATALOGUE_MESSAGES.proCollectionUpgrade}</p>
      <DialogFooter
        actions={[
          { label: CATALOGUE_MESSAGES.cancel, onClick: onClose },
          {
            label: CATALOGUE_MESSAGES.viewPlans,
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
