import { useState } from 'react';
import { FEATURE_SEARCH_TEXT } from '../../../shared/messages/discovery';
import { GENRE_NAMES, GENRES, TIERS } from '../../../shared/taxonomy';
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
export function ContextCard({ resetKey, selection, games, popularGames, onMode, onToggleGenre, onAddGame, onRemoveGame }: Props) {
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
                <button type="button" className={isOn(tier) ? 'fs-option tier on' : 'fs-option tier'} aria-pressed={isOn(tier)} onClick={() => onToggleGenre(tier)}>
                  {tier}
                </button>
              </li>
            ))}
          </ul>
          <ul className="fs-genre-groups" aria-label={FEATURE_SEARCH_TEXT.genres}>
            {GENRE_NAMES.map((genre) => {
              const open = expanded === genre;
              return (
                <li key={genre} className={open ? 'fs-genre-group open' : 'fs-genre-group'}>
                  <div className="fs-genre-head">
                    <button type="button" className={isOn(genre) ? 'fs-option on' : 'fs-option'} aria-pressed={isOn(genre)} onClick={() => onToggleGenre(genre)}>
                      {genre}
                    </button>
                    <button
                      type="button"
                      className="icon-btn"
                      aria-expanded={open}
                      aria-label={open ? FEATURE_SEARCH_TEXT.collapse(genre) : FEATURE_SEARCH_TEXT.expand(genre)}
                      onClick={() => setExpanded(open ? null : genre)}
                    >
                      {open ? '▾' : '▸'}
                    </button>
                  </div>
                  {open && (
                    <ul className="fs-options-row fs-subgenres" aria-label={genre}>
                      {GENRES[genre].map((sub) => (
                        <li key={sub}>
                          <button type="button" className={isOn(sub) ? 'fs-option on' : 'fs-option'} aria-pressed={isOn(sub)} onClick={() => onToggleGenre(sub)}>
                            {sub}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <GameSearch key={resetKey} games={games} popularGames={popularGames} selected={selection.games} onAdd={onAddGame} onRemove={onRemoveGame} />
      )}
    </section>
  );
}
