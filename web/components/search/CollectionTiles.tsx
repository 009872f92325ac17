import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CollectionItem } from '#shared/schemas/catalogue';
import { useCollectionList } from '../../data/search-catalogue.queries';
import { goToLogin } from '../../data/user.queries';
import type { CurrentUser } from '../../data/wire';
import { pickCollectionTiles } from '../../logic/search/collection-tiles';
import { openCollection } from './collection-use';
import { PremiumCollectionDialog } from './PremiumCollectionDialog';

/**
 * The landing row of collections (spec accounts §2, §9): up to 3 tiles, 2 free and 1 pro picked at random, and
 * a 'View all' link to the collections view. A guest is sent to login (spec §6).
 */
export function CollectionTiles({ user }: { user: CurrentUser | null }) {
  const list = useCollectionList(true);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [upsell, setUpsell] = useState<CollectionItem | null>(null);
  const { t } = useTranslation('search');
  // Drawn once per list answer, so tiles do not reshuffle on every render.
  const tiles = useMemo(() => pickCollectionTiles(list.data ?? []), [list.data]);
  if (tiles.length === 0) return null;

  const open = async (tile: CollectionItem) => {
    if (!user) return goToLogin('/');
    if ((await openCollection(queryClient, user, tile)) === 'needs-pro') setUpsell(tile);
  };

  return (
    <section className="landing-collections" aria-label={t('collectionsHeading')}>
      <div className="landing-row-head">
        <h2>{t('collectionsHeading')}</h2>
        {/* /collections opens the collections view (and sends a guest to sign in first, spec accounts §2, §6). */}
        <button type="button" className="link-btn" onClick={() => navigate('/collections')}>
          {t('viewAll')}
        </button>
      </div>
      <ul className="collection-tiles" data-testid="collection-tiles">
        {tiles.map((tile) => (
          <li key={tile.id}>
            <button type="button" className="collection-tile" data-type={tile.type} onClick={() => void open(tile)}>
              <span className="tile-image">
                <img src={tile.imageUrl} alt="" loading="lazy" />
                {tile.type === 'pro' && (
                  <span className="tile-crown" title={t('proBadge')} role="img" aria-label={t('proBadge')}>
                    <svg viewBox="0 0 24 24" aria-hidden>
                      <path fill="currentColor" d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z" />
                    </svg>
                  </span>
                )}
                {tile.new === 1 && <span className="tile-new">{t('newBadge')}</span>}
              </span>
              <span className="tile-name" translate="no">
                {tile.name}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {upsell && <PremiumCollectionDialog name={upsell.name} onClose={() => setUpsell(null)} />}
    </section>
  );
}
