import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FeatureRecord, FeatureSearchFilters } from '#shared/schemas/catalogue';
import { useFeatureSearchResults } from '../../data/feature-search.queries';
import { failureText } from '../../data/failure-text';
import type { CurrentUser } from '../../data/wire';
import { AddToBoardDialog } from './AddToBoardDialog';
import { FeatureCard } from './FeatureCard';
import { FeatureLightbox } from './FeatureLightbox';
import { hasFilters } from './filter-state';
import { LockedFeatureCard } from './LockedFeatureCard';
import { buildResultItems } from './result-items';
import { useSentinel } from './use-sentinel';

/** Skeleton cards shown while a page loads (ours: enough to fill the first rows). */
const SKELETON_COUNT = 8;
const MORE_SKELETON_COUNT = 4;

/**
 * The results (spec accounts §2 /feature-search): a card grid with infinite scroll, skeletons while loading, the
 * two empty states, the lightbox, and the free plan's locked placeholders.
 */
export function ResultsGrid({ filters, user }: { filters: FeatureSearchFilters; user: CurrentUser }) {
  const active = hasFilters(filters);
  const results = useFeatureSearchResults(filters, active);
  const [lightbox, setLightbox] = useState<{ feature: FeatureRecord; index: number } | null>(null);
  const [adding, setAdding] = useState<FeatureRecord | null>(null);
  const { t } = useTranslation('features');
  const pages = results.data?.pages;
  const items = useMemo(() => {
    if (!pages?.length) return [];
    const last = pages[pages.length - 1];
    const limit = {
      planId: user.plan_id,
      isPlanLimited: pages.some((p) => p.isPlanLimited),
      planLimitReached: last.planLimitReached,
    };
    return buildResultItems(
      pages.flatMap((p) => p.features),
      limit,
    );
  }, [pages, user.plan_id]);
  const held = items.some((item) => item.kind === 'locked');
  const shown = items.filter((item) => item.kind === 'feature').length;
  const total = pages?.[pages.length - 1]?.totalMatches ?? 0;
  const canLoadMore = active && !!results.hasNextPage && !results.isFetchingNextPage && !results.isError;
  const sentinel = useSentinel<HTMLDivElement>(canLoadMore, () => void results.fetchNextPage());

  if (!active) return <p className="fs-empty">{t('noFiltersYet')}</p>;
  if (results.isPending) return <Skeletons count={SKELETON_COUNT} />;
  if (results.isError && !pages) {
    return (
      <p className="fs-empty" role="alert">
        {failureText(results.error, t('searchFailed'))}
      </p>
    );
  }
  if (items.length === 0) return <p className="fs-empty">{t('noResults')}</p>;

  return (
    <>
      {held && (
        <p className="fs-limit-note" data-testid="plan-limit-count">
          {t('shownOfTotal', { shown, total })} — <Link to="/billing">{t('upgradeToSeeAll')}</Link>
        </p>
      )}
      <ul className="fs-grid" data-testid="feature-results" aria-busy={results.isFetchingNextPage}>
        {items.map((item) =>
          item.kind === 'feature' ? (
            <FeatureCard
              key={item.key}
              feature={item.feature}
              onOpen={(feature, index) => setLightbox({ feature, index })}
              onAddToBoard={setAdding}
            />
          ) : (
            <LockedFeatureCard key={item.key} />
          ),
        )}
      </ul>
      {results.isFetchingNextPage && <Skeletons count={MORE_SKELETON_COUNT} label={t('loadingMore')} />}
      {results.hasNextPage && <div ref={sentinel} className="fs-sentinel" data-testid="results-sentinel" aria-hidden />}
      {lightbox && (
        <FeatureLightbox feature={lightbox.feature} startIndex={lightbox.index} onClose={() => setLightbox(null)} />
      )}
      {adding && <AddToBoardDialog feature={adding} userId={user.id} onClose={() => setAdding(null)} />}
    </>
  );
}

function Skeletons({ count, label }: { count: number; label?: string }) {
  const { t } = useTranslation('features');
  return (
    <ul className="fs-grid" aria-busy="true" aria-label={label ?? t('results')} data-testid="feature-skeletons">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="fs-result fs-skeleton" />
      ))}
    </ul>
  );
}
