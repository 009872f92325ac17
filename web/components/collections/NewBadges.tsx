import { useState } from 'react';
import { SESSION_KEYS } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { useCollectionList } from '../../data/search-catalogue.queries';
import { isNewSeen, showCollectionsBadge } from './new-badges';
import './collections.css';

/**
 * The sidebar's 'new!' badges (spec accounts §4): they hide once seen in the session. Seen flags are read when
 * the sidebar mounts; visiting /collections or /feature-search sets them, and the board screen mounts anew after.
 */
export function CollectionsNewBadge() {
  const [seen] = useState(() => isNewSeen(SESSION_KEYS.collectionsNewSeen));
  const { t } = useTranslation('collections');
  const list = useCollectionList(!seen);
  if (!showCollectionsBadge(list.data ?? [], seen)) return null;
  return (
    <span className="new-badge" data-testid="collections-new-badge">
      {t('sidebarNew')}
    </span>
  );
}

export function FeatureSearchNewBadge() {
  const [seen] = useState(() => isNewSeen(SESSION_KEYS.featureSearchNewSeen));
  const { t } = useTranslation('collections');
  if (seen) return null;
  return (
    <span className="new-badge" data-testid="feature-search-new-badge">
      {t('sidebarNew')}
    </span>
  );
}
