import { useNavigate } from 'react-router-dom';
import { CATALOGUE_MESSAGES } from '../../../shared/messages/catalogue';

/** The free plan's locked placeholder (spec accounts §4): 'Premium Feature' and 'Upgrade Plan to Unlock' → /billing. */
export function LockedFeatureCard() {
  const navigate = useNavigate();
  return (
    <li className="fs-result fs-locked" data-testid="locked-feature">
      <span className="fs-lock" aria-hidden>
        🔒
      </span>
      <strong>{CATALOGUE_MESSAGES.premiumFeature}</strong>
      <button type="button" className="btn primary" onClick={() => navigate('/billing')}>
        {CATALOGUE_MESSAGES.upgradeToUnlock}
      </button>
    </li>
  );
}
