import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestGames } from './game-suggestions';
import { Icon } from '../icons';

/** Spec accounts §4, §9: the dropdown closes 150 ms after the box loses focus (so a click on it still lands). */
const DROPDOWN_CLOSE_DELAY_MS = 150;

type Props = {
  games: readonly string[];
  popularGames: readonly string[];
  selected: readonly string[];
  onAdd: (game: string) => void;
  onRemove: (game: string) => void;
};

/**
 * Game mode (spec accounts §2, §4, §5): 'Search for a game...' with a suggestion dropdown that opens on focus or
 * typing, the selected games as badges, and the popular games as Suggestions while none is selected. Selecting
 * a game clears the search text.
 */
export function GameSearch({ games, popularGames, selected, onAdd, onRemove }: Props) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('features');
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  const matches = open ? suggestGames(games, text, selected) : [];

  // Picking a game closes the list (left open, it covered the results); typing opens it again.
  const choose = (game: string) => {
    onAdd(game);
    setText('');
    window.clearTimeout(closeTimer.current);
    setOpen(false);
  };

  return (
    <div className="fs-game-search">
      <div className="fs-combo">
        <input
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls="fs-game-options"
          aria-label={t('gamePlaceholder')}
          placeholder={t('gamePlaceholder')}
          value={text}
          onFocus={() => {
            window.clearTimeout(closeTimer.current);
            setOpen(true);
          }}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onBlur={() => {
            closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && matches[0]) {
              e.preventDefault();
              choose(matches[0]);
            }
            if (e.key === 'Escape') setOpen(false);
          }}
        />
        {open && (
          <ul id="fs-game-options" role="listbox" className="fs-dropdown">
            {matches.length === 0 ? (
              <li className="fs-muted fs-dropdown-empty">{t('noGameMatches')}</li>
            ) : (
              matches.map((game) => (
                <li key={game} role="option" aria-selected={false}>
                  {/* pointerdown keeps focus in the box, so the blur timer never races the click */}
                  <button type="button" onPointerDown={(e) => e.preventDefault()} onClick={() => choose(game)}>
                    {game}
                  </button>
                </li>
              ))
            )}
          </ul>
        )}
      </div>
      {selected.length > 0 ? (
        <ul className="fs-chips" aria-label={t('selectedGames')}>
          {selected.map((game) => (
            <li key={game} className="fs-chip fs-game-badge">
              <span translate="no">{game}</span>
              <button
                type="button"
                className="fs-chip-remove"
                aria-label={t('removeGame', { game })}
                onClick={() => onRemove(game)}
              >
                <Icon name="close" size={12} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        popularGames.length > 0 && (
          <div className="fs-suggestions">
            <h3 className="fs-subheading">{t('suggestions')}</h3>
            <ul className="fs-options-row" aria-label={t('suggestions')}>
              {popularGames.map((game) => (
                <li key={game}>
                  <button type="button" className="fs-option" translate="no" onClick={() => choose(game)}>
                    {game}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )
      )}
    </div>
  );
}
