import { useNavigate } from 'react-router-dom';
import { CATALOGUE_MESSAGES } from '#shared/messages/catalogue';
import { LockIcon } from './LockIcon';

/** The free plan's locked placeholder (spec accounts §4): 'Premium Feature' and 'Upgrade Plan to Unlock' → /billing. */
export function LockedFeatureCard() {
  const navigate = useNavigate();
  return (
    <li className="fs-result fs-locked" data-testid="locked-feature">
      <LockIcon />
      <strong>{CATALOGUE_MESSAGES.premiumFeature}</strong>
      <button type="button" className="btn primary" onClick={() => navigate('/billing')}>
        {CATALOGUE_MESSAGES.upgradeToUnlock}
      </button>
    </li>
  );
}
