import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GENRE_NAMES, GENRES, TIERS } from '#shared/taxonomy';
import { ExpandablePickRow } from '../search/ExpandablePickRow';
import { GameSearch } from './GameSearch';
import type { FeatureSearchMode, FilterSelection } from './filter-state';

type Props = {
  /** Changes on Clear all, so the game box's text starts empty again. */
  resetKey: number;
  selection: FilterSelection;
  games: readonly string[];
  popularGames: readonly string[];
  onMode: (mode: FeatureSearchMode) => void;
  onToggleGenre: (value: string) => void;
  onAddGame: (game: string) => void;
  onRemoveGame: (game: string) => void;
};

/**
 * The Context card (spec accounts §2 /feature-search): the Genres / Game toggle; Genres mode shows the three
 * tier buttons and the genre groups (expanding one closes the others), Game mode the game search.
 */
export function ContextCard({
  resetKey,
  selection,
  games,
  popularGames,
  onMode,
  onToggleGenre,
  onAddGame,
  onRemoveGame,
}: Props) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const { t } = useTranslation('features');
  const isOn = (value: string) => selection.genres.includes(value);
  return (
    <section className="fs-card fs-context" aria-labelledby="fs-context-title">
      <div className="fs-card-head">
        <h2 id="fs-context-title" className="fs-card-title">
          {t('context')}
        </h2>
        <div className="fs-toggle" role="radiogroup" aria-label={t('context')}>
          {(['genres', 'game'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              role="radio"
              aria-checked={selection.mode === mode}
              className={selection.mode === mode ? 'on' : ''}
              onClick={() => onMode(mode)}
            >
              {mode === 'genres' ? t('genresMode') : t('gameMode')}
            </button>
          ))}
        </div>
      </div>
      {selection.mode === 'genres' ? (
        <div className="fs-genres">
          <ul className="fs-options-row" aria-label={t('tiers')}>
            {TIERS.map((tier) => (
              <li key={tier}>
                <button
                  type="button"
                  className={isOn(tier) ? 'fs-option tier on' : 'fs-option tier'}
                  translate="no"
                  aria-pressed={isOn(tier)}
                  onClick={() => onToggleGenre(tier)}
                >
                  {tier}
                </button>
              </li>
            ))}
          </ul>
          <ul className="fs-genre-groups" aria-label={t('genres')}>
            {GENRE_NAMES.map((genre) => (
              <ExpandablePickRow
                key={genre}
                look="card"
                label={genre}
                subs={GENRES[genre]}
                isChosen={isOn}
                onToggle={onToggleGenre}
                expanded={expanded === genre}
                onExpandToggle={() => setExpanded((e) => (e === genre ? null : genre))}
                expandLabel={(name) => t('expand', { name })}
                collapseLabel={(name) => t('collapse', { name })}
              />
            ))}
          </ul>
        </div>
      ) : (
        <GameSearch
          key={resetKey}
          games={games}
          popularGames={popularGames}
          selected={selection.games}
          onAdd={onAddGame}
          onRemove={onRemoveGame}
        />
      )}
    </section>
  );
}
