import { useTranslation } from 'react-i18next';
import type { CollectionItem } from '#shared/schemas/catalogue';
import { CrownIcon } from './CrownIcon';

/** One tile of the collections grid (spec accounts §2): a 16:9 image, the name, a 'new' badge, a gold crown for pro. */
export function CollectionTile({
  collection,
  busy,
  onOpen,
}: {
  collection: CollectionItem;
  busy: boolean;
  onOpen: (c: CollectionItem) => void;
}) {
  const { t } = useTranslation('collections');
  return (
    <li>
      <button
        type="button"
        className="cv-tile"
        data-type={collection.type}
        data-testid="collection-tile"
        // aria-disabled, not disabled: a disabled button loses keyboard focus (Chromium moves it to the page), and
        // the Premium Collection dialog opened meanwhile would hand focus back to nothing when it closes.
        aria-disabled={busy || undefined}
        title={collection.description}
        data-user-text="title"
        onClick={() => {
          if (!busy) onOpen(collection);
        }}
      >
        <span className="cv-tile-image">
          <img src={collection.imageUrl} alt="" loading="lazy" />
          {collection.type === 'pro' && (
            <span className="cv-crown" role="img" aria-label={t('pro')} title={t('pro')}>
              <CrownIcon />
            </span>
          )}
          {collection.new === 1 && <span className="cv-new">{t('newBadge')}</span>}
        </span>
        <span className="cv-tile-name" translate="no">
          {collection.name}
        </span>
      </button>
    </li>
  );
}
