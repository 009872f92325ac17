import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FeaturesCard } from './FeaturesCard';
import { featureLabel, type FilterSelection } from './filter-state';
import { Icon } from '../icons';

type Props = {
  selection: FilterSelection;
  onToggleFeature: (value: string) => void;
  onToggleGenre: (value: string) => void;
  onRemoveGame: (game: string) => void;
  onClearAll: () => void;
};

type Chip = { key: string; label: string; remove: () => void };

/**
 * The page's left column (spec accounts §2 /feature-search): Back to Boards, the Filters card with the chosen
 * chips and Clear all, and the Features card. Chips show what is sent: features and the active mode's list.
 */
export function FiltersSidebar({ selection, onToggleFeature, onToggleGenre, onRemoveGame, onClearAll }: Props) {
  const navigate = useNavigate();
  const { t } = useTranslation('features');
  const chips: Chip[] = [
    ...selection.features.map((v) => ({ key: `f:${v}`, label: featureLabel(v), remove: () => onToggleFeature(v) })),
    ...(selection.mode === 'genres'
      ? selection.genres.map((v) => ({ key: `g:${v}`, label: v, remove: () => onToggleGenre(v) }))
      : []),
    ...(selection.mode === 'game'
      ? selection.games.map((v) => ({ key: `m:${v}`, label: v, remove: () => onRemoveGame(v) }))
      : []),
  ];
  return (
    <aside className="fs-sidebar">
      <button type="button" className="btn fs-back" onClick={() => navigate('/')}>
        <Icon name="arrowLeft" />
        {t('backToBoards')}
      </button>
      <section className="fs-card" aria-labelledby="fs-filters-title">
        <div className="fs-card-head">
          <h2 id="fs-filters-title" className="fs-card-title">
            {t('filters')}
          </h2>
          <button type="button" className="fs-link" onClick={onClearAll} disabled={chips.length === 0}>
            {t('clearAll')}
          </button>
        </div>
        {chips.length === 0 ? (
          <p className="fs-muted">{t('noFilters')}</p>
        ) : (
          <ul className="fs-chips" data-testid="filter-chips">
            {chips.map((chip) => (
              <li key={chip.key} className="fs-chip">
                <span translate="no">{chip.label}</span>
                <button
                  type="button"
                  className="fs-chip-remove"
                  aria-label={t('removeFilter', { label: chip.label })}
                  onClick={chip.remove}
                >
                  <Icon name="close" size={12} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <FeaturesCard selected={selection.features} onToggle={onToggleFeature} />
    </aside>
  );
}
