import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionItem } from '#shared/schemas/catalogue';
import { useCollectionList } from '../../data/search-catalogue.queries';
import { failureText } from '../../data/failure-text';
import type { Board, CurrentUser } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { openCollection } from '../search/collection-use';
import { PremiumCollectionDialog } from '../search/PremiumCollectionDialog';
import { AiAccuracyNote } from '../ai-note/AiAccuracyNote';
import { CollectionGroupBlock } from './CollectionGroupBlock';
import { boardAfterBack, groupByCategory, newCollections } from './collection-groups';
import './collections.css';
import { Icon } from '../icons';

/**
 * The collections full-screen view over the board screen (spec accounts §2, §4 "Collection use"): the 'New'
 * block, collapsible category groups of 16:9 tiles in 4 columns, loading and empty states. Opening a collection
 * makes a new board ('Loading collection...' → 'Collection loaded!'); a free plan opening a pro one gets the
 * Premium Collection dialog.
 */
export function CollectionsView({ user, boards }: { user: CurrentUser; boards: Board[] }) {
  const open = useAppStore((s) => s.collectionsViewOpen);
  const list = useCollectionList(open);
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [upsell, setUpsell] = useState<CollectionItem | null>(null);
  const { t } = useTranslation('collections');
  const items = list.data;
  const groups = useMemo(() => groupByCategory(items ?? []), [items]);
  const fresh = useMemo(() => newCollections(items ?? []), [items]);
  if (!open) return null;

  const back = () => {
    const store = useAppStore.getState();
    const next = boardAfterBack(store.currentBoardId, boards);
    if (next !== null) store.setCurrentBoardId(next);
    store.setCollectionsViewOpen(false);
  };
  const use = async (collection: CollectionItem) => {
    setBusyId(collection.id);
    try {
      if ((await openCollection(queryClient, user, collection)) === 'needs-pro') setUpsell(collection);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="collections-view" aria-label={t('heading')} data-testid="collections-view">
      <header className="cv-header">
        <button type="button" className="btn" onClick={back}>
          <Icon name="arrowLeft" />
          {t('back')}
        </button>
        <h1>{t('heading')}</h1>
      </header>
      {list.isPending ? (
        <p className="cv-state" role="status">
          {t('loading')}
        </p>
      ) : list.isError ? (
        <p className="cv-state" role="alert">
          {failureText(list.error, t('fetchFailed'))}
        </p>
      ) : groups.length === 0 ? (
        <p className="cv-state">{t('empty')}</p>
      ) : (
        <>
          {fresh.length > 0 && (
            <CollectionGroupBlock
              title={t('newBlock')}
              items={fresh}
              collapsible={false}
              busyId={busyId}
              onOpen={(c) => void use(c)}
            />
          )}
          {groups.map((g) => (
            <CollectionGroupBlock
              key={g.key}
              title={g.title}
              items={g.items}
              collapsible
              busyId={busyId}
              onOpen={(c) => void use(c)}
            />
          ))}
        </>
      )}
      <AiAccuracyNote />
      {upsell && <PremiumCollectionDialog name={upsell.name} onClose={() => setUpsell(null)} />}
    </section>
  );
}
