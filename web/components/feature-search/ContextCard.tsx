import { useState } from 'react';
import { FEATURE_SEARCH_TEXT } from '#shared/messages/discovery';
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
  const isOn = (value: string) => selection.genres.includes(value);
  return (
    <section className="fs-card fs-context" aria-labelledby="fs-context-title">
      <div className="fs-card-head">
        <h2 id="fs-context-title" className="fs-card-title">
          {FEATURE_SEARCH_TEXT.context}
        </h2>
        <div className="fs-toggle" role="radiogroup" aria-label={FEATURE_SEARCH_TEXT.context}>
          {(['genres', 'game'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              role="radio"
              aria-checked={selection.mode === mode}
              className={selection.mode === mode ? 'on' : ''}
              onClick={() => onMode(mode)}
            >
              {mode === 'genres' ? FEATURE_SEARCH_TEXT.genresMode : FEATURE_SEARCH_TEXT.gameMode}
            </button>
          ))}
        </div>
      </div>
      {selection.mode === 'genres' ? (
        <div className="fs-genres">
          <ul className="fs-options-row" aria-label={FEATURE_SEARCH_TEXT.tiers}>
            {TIERS.map((tier) => (
              <li key={tier}>
                <button
                  type="button"
                  className={isOn(tier) ? 'fs-option tier on' : 'fs-option tier'}
                  aria-pressed={isOn(tier)}
                  onClick={() => onToggleGenre(tier)}
                >
                  {tier}
                </button>
              </li>
            ))}
          </ul>
          <ul className="fs-genre-groups" aria-label={FEATURE_SEARCH_TEXT.genres}>
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
                expandLabel={FEATURE_SEARCH_TEXT.expand}
                collapseLabel={FEATURE_SEARCH_TEXT.collapse}
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
