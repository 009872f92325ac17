import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LockIcon } from './LockIcon';

/** The free plan's locked placeholder (spec accounts §4): 'Premium Feature' and 'Upgrade Plan to Unlock' → /billing. */
export function LockedFeatureCard() {
  const navigate = useNavigate();
  const { t } = useTranslation('features');
  return (
    <li className="fs-result fs-locked" data-testid="locked-feature">
      <LockIcon />
      <strong>{t('premiumFeature')}</strong>
      <button type="button" className="btn primary" onClick={() => navigate('/billing')}>
        {t('upgradeToUnlock')}
      </button>
    </li>
  );
}
