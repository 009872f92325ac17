import { useEffect, useRef, useState } from 'react';
import { ExpandablePickRow } from './ExpandablePickRow';
import { useTranslation } from 'react-i18next';
import { GENRES, GENRE_NAMES, SUPER_GENRES, type Genre } from '#shared/taxonomy';
import { useGameList } from '../../data/search-catalogue.queries';
import {
  QUICK_GAME_FILTERS,
  filterGames,
  quickFilterGames,
  type QuickGameFilter,
} from '../../logic/search/game-filter';
import { ANY, contextLabel, contextNames, type PickerSelection } from '../../logic/search/picker-selection';
import { usePopover } from './use-popover';
import { Icon } from '../icons';
import { failureText } from '../../data/failure-text';

type Props = {
  selection: PickerSelection;
  onSuperGenre: (chip: string) => void;
  onGenre: (name: string) => void;
  onGame: (name: string) => void;
  disabled?: boolean;
  /**
   * The picker as a reading chip's "change" (the search panel's chips): the button's own name instead of the
   * selection, no heading, and `onClose` once the popover closes (the change is run then, once).
   */
  asChange?: { label: string; onClose: () => void };
};

type Mode = 'genres' | 'games';

/** Spec accounts §2: "Puzzle shown first and separately". */
const PUZZLE: Genre = 'Puzzle';
const OTHER_GENRES = GENRE_NAMES.filter((g) => g !== PUZZLE);

/**
 * GENRES & GAMES picker (spec accounts §2, §4, §5): a Genres/Games toggle; Genres shows the super-genre chips
 * (Any is exclusive) and the genre tree with Puzzle first and apart; Games shows the quick game filters (Any,
 * Top Games, New: exclusive, from the catalogue's flags), a quick-search over GET /api/games and the matching names.
 */
export function GenresGamesPicker({ selection, onSuperGenre, onGenre, onGame, disabled, asChange }: Props) {
  const popover = usePopover<HTMLDivElement>();
  const [mode, setMode] = useState<Mode>('genres');
  const { t } = useTranslation('search');
  const hasContext = contextNames(selection).length > 0;
  const wasOpen = useRef(false);
  const onClose = asChange?.onClose;
  useEffect(() => {
    if (wasOpen.current && !popover.open) onClose?.();
    wasOpen.current = popover.open;
  }, [popover.open, onClose]);

  return (
    <div className={asChange ? 'picker reading-picker' : 'picker'} ref={popover.ref}>
      {!asChange && <span className="picker-heading">{t('genresHeading')}</span>}
      <button
        type="button"
        className={asChange ? 'chip reading-change' : hasContext ? 'picker-button has-value' : 'picker-button'}
        aria-haspopup="dialog"
        aria-expanded={popover.open}
        data-testid={asChange ? 'reading-change-scope' : 'genres-picker'}
        disabled={disabled}
        onClick={popover.toggle}
      >
        {asChange ? asChange.label : contextLabel(selection)}
        <Icon name="chevronDown" size={14} />
      </button>
      {popover.open && (
        <div className="picker-popover genres-popover" role="dialog" aria-label={t('genresHeading')}>
          <div className="mode-toggle" role="group">
            {(['genres', 'games'] as const).map((m) => (
              <button key={m} type="button" className="mode" aria-pressed={mode === m} onClick={() => setMode(m)}>
                {m === 'genres' ? t('genresMode') : t('gamesMode')}
              </button>
            ))}
          </div>
          {mode === 'genres' ? (
            <GenreMode selection={selection} onSuperGenre={onSuperGenre} onGenre={onGenre} />
          ) : (
            <GameMode selection={selection} onGame={onGame} />
          )}
          <div className="picker-foot">
            <button type="button" className="btn" onClick={() => popover.setOpen(false)}>
              {t('closePicker')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

function GenreMode({ selection, onSuperGenre, onGenre }: Pick<Props, 'selection' | 'onSuperGenre' | 'onGenre'>) {
  const [expanded, setExpanded] = useState<Genre | null>(null);
  const chosen = new Set(selection.genres);
  const { t } = useTranslation('search');
  const genreItem = (genre: Genre) => (
    <ExpandablePickRow
      key={genre}
      label={genre}
      subs={GENRES[genre]}
      isChosen={(name) => chosen.has(name)}
      onToggle={onGenre}
      expanded={expanded === genre}
      onExpandToggle={() => setExpanded((e) => (e === genre ? null : genre))}
    />
  );

  return (
    <>
      <div className="chips" role="group" aria-label={t('superGenres')}>
        {SUPER_GENRES.map((chip) => (
          <button
            key={chip}
            type="button"
            className="chip"
            aria-pressed={selection.superGenres.includes(chip)}
            onClick={() => onSuperGenre(chip)}
          >
            {chip === ANY ? t('anyContext') : chip}
          </button>
        ))}
      </div>
      <ul className="genre-tree puzzle-first" data-testid="genre-puzzle">
        {genreItem(PUZZLE)}
      </ul>
      <ul className="genre-tree" data-testid="genre-others">
        {OTHER_GENRES.map(genreItem)}
      </ul>
    </>
  );
}

function GameMode({ selection, onGame }: Pick<Props, 'selection' | 'onGame'>) {
  const [text, setText] = useState('');
  const [quick, setQuick] = useState<QuickGameFilter>('any');
  const games = useGameList(true);
  const names = filterGames(quickFilterGames(games.data ?? [], quick), text);
  const chosen = new Set(selection.games);
  const { t } = useTranslation('search');
  return (
    <div className="game-mode">
      <div className="chips" role="group" aria-label={t('quickGameFilters')}>
        {QUICK_GAME_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            className="chip"
            aria-pressed={quick === filter}
            onClick={() => setQuick(filter)}
          >
            {t(`quickGameFilter.${filter}`)}
          </button>
        ))}
      </div>
      <input
        type="search"
        className="game-search"
        placeholder={t('gameSearchPlaceholder')}
        aria-label={t('gameSearchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoFocus
      />
      {games.isPending ? (
        <p className="picker-note">{t('loadingGames')}</p>
      ) : games.isError ? (
        <p className="picker-note" role="alert">
          {failureText(games.error, games.error.message)}
        </p>
      ) : names.length === 0 ? (
        <p className="picker-note">{t('noGames')}</p>
      ) : (
        <ul className="game-list">
          {names.map((name) => (
            <li key={name}>
              <button type="button" className="pick" aria-pressed={chosen.has(name)} onClick={() => onGame(name)}>
                {name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
