import { useNavigate } from 'react-router-dom';
import { CATALOGUE_MESSAGES } from '../../../shared/messages/catalogue';
import { Modal } from '../dialogs/Modal';

/** Premium Collection dialog (spec accounts §2): the upsell shown when a free plan opens a pro collection. */
export function PremiumCollectionDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal title="Premium Collection" onClose={onClose}>
      <p>{CATALOGUE_MESSAGES.proCollectionOnly}</p>
      <p className="premium-name">{CATALOGUE_MESSAGES.proCollectionName(name)}</p>
      <p>{CATALOGUE_MESSAGES.proCollectionUpgrade}</p>
      <div className="modal-buttons">
        <button type="button" className="btn" onClick={onClose}>
          {CATALOGUE_MESSAGES.cancel}
        </button>
        <button
          type="button"
          className="btn primary"
          onClick={() => {
            onClose();
            void navigate('/billing');
          }}
        >
          {CATALOGUE_MESSAGES.viewPlans}
        </button>
      </div>
    </Modal>
  );
}
