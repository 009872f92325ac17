import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SESSION_KEYS } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { AiAccuracyNote } from '../components/ai-note/AiAccuracyNote';
import { markNewSeen } from '../components/collections/new-badges';
import { ContextCard } from '../components/feature-search/ContextCard';
import '../components/feature-search/feature-search.css';
import { FiltersSidebar } from '../components/feature-search/FiltersSidebar';
import {
  addGame,
  clearAll,
  removeGame,
  requestFilters,
  setMode,
  toggleFeature,
  toggleGenre,
  type FilterSelection,
} from '../components/feature-search/filter-state';
import { paramsFromSelection, selectionFromParams } from '../components/feature-search/filter-url';
import { ResultsGrid } from '../components/feature-search/ResultsGrid';
import { useRequireSignIn } from '../components/share/use-require-sign-in';
import { useFeatureSearchOptions } from '../data/feature-search.queries';
import type { CurrentUser } from '../data/wire';

/**
 * /feature-search (spec accounts §2, §4): sign-in required (a guest's path and query become the post-login
 * redirect). The selection is read from the features / genres / games parameters on load and written back on
 * every change, replacing history.
 */
export function FeatureSearchPage() {
  const auth = useRequireSignIn();
  const { t } = useTranslation('collections');
  if (auth.status !== 'signed-in') {
    return (
      <main className="page-center" role="status">
        {auth.status === 'checking' ? t('authGate.checking') : t('authGate.redirecting')}
      </main>
    );
  }
  return <FeatureSearch user={auth.user} />;
}

function FeatureSearch({ user }: { user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const [selection, setSelection] = useState<FilterSelection>(() => selectionFromParams(params));
  const options = useFeatureSearchOptions();
  // Keyed on the JSON so an equal selection does not start a new search.
  const filtersKey = JSON.stringify(requestFilters(selection));
  const filters = useMemo(() => JSON.parse(filtersKey) as ReturnType<typeof requestFilters>, [filtersKey]);

  useEffect(() => markNewSeen(SESSION_KEYS.featureSearchNewSeen), []);

  useEffect(() => {
    const next = paramsFromSelection(selection, params);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [selection, params, setParams]);

  // Clear all also empties the game box's text (spec §4); the box starts afresh under a new key.
  const [clearCount, setClearCount] = useState(0);
  const update = (change: (sel: FilterSelection) => FilterSelection) => setSelection((sel) => change(sel));

  return (
    <div className="fs-page">
      <FiltersSidebar
        selection={selection}
        onToggleFeature={(v) => update((s) => toggleFeature(s, v))}
        onToggleGenre={(v) => update((s) => toggleGenre(s, v))}
        onRemoveGame={(g) => update((s) => removeGame(s, g))}
        onClearAll={() => {
          update(clearAll);
          setClearCount((n) => n + 1);
        }}
      />
      <main className="fs-main">
        <ContextCard
          resetKey={clearCount}
          selection={selection}
          games={options.data?.games ?? []}
          popularGames={options.data?.popularGames ?? []}
          onMode={(mode) => update((s) => setMode(s, mode))}
          onToggleGenre={(v) => update((s) => toggleGenre(s, v))}
          onAddGame={(g) => update((s) => addGame(s, g))}
          onRemoveGame={(g) => update((s) => removeGame(s, g))}
        />
        <ResultsGrid filters={filters} user={user} />
        <AiAccuracyNote />
      </main>
    </div>
  );
}
