import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { canEditBoard } from '../../data/board-role';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCards } from '../../data/cards.queries';
import { useSections } from '../../data/sections.queries';
import type { Board, CurrentUser } from '../../data/wire';
import {
  EMPTY_SELECTION,
  toggleFeature,
  toggleGame,
  toggleGenre,
  toggleSuperGenre,
  type PickerSelection,
} from '../../logic/search/picker-selection';
import { applyPickerChange, type PickerTextState } from '../../logic/search/query-text';
import { queryToSend } from '../../logic/search/submit-rules';
import { sampleSuggestions } from '../../logic/search/suggestions';
import { useAppStore } from '../../stores/app.store';
import { AiAccuracyNote } from '../ai-note/AiAccuracyNote';
import { useBoardController } from '../board/board-controller-context';
import { CollectionTiles } from './CollectionTiles';
import { FeaturesPicker } from './FeaturesPicker';
import { GenresGamesPicker } from './GenresGamesPicker';
import { LootIndicator } from './LootIndicator';
import { keepForAfterLogin, rerunWithReading, submitSearch, type SearchContext } from '../../flows/search-flow';
import { ReadingChips } from './ReadingChips';
import { useSearchStatus } from './search-status.store';
import { usePendingQueries } from './use-pending-queries';
import './search.css';
import { Icon } from '../icons';

type Props = { user: CurrentUser | null; boards: Board[] };

/** The box's text and the pickers' choices, for one board (another board starts empty). */
type BoxState = { boardId: number | null; text: PickerTextState; selection: PickerSelection };

const EMPTY_TEXT: PickerTextState = { query: '', autoText: '' };

/**
 * The search panel (spec accounts §2 "Search panel", §4): the landing search on an empty board titled
 * 'Untitled…' (and for guests), a compact bar once the board has content, and the loot indicator.
 */
export function SearchPanel({ user, boards }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const controller = useBoardController();
  const controllerRef = useRef(controller);
  controllerRef.current = controller;
  const ctx = useMemo<SearchContext>(
    () => ({ queryClient, navigate, controller: () => controllerRef.current }),
    [queryClient, navigate],
  );

  const boardId = useAppStore((s) => s.currentBoardId);
  const fullScreenView = useAppStore((s) => s.bookmarksViewOpen || s.collectionsViewOpen);
  const cards = useCards(user ? boardId : null);
  const sections = useSections(user ? boardId : null);
  const loaded = cards.isSuccess && sections.isSuccess;
  const hasContent = (cards.data?.length ?? 0) > 0 || (sections.data?.length ?? 0) > 0;
  const board = boards.find((b) => b.id === boardId) ?? null;
  const { t } = useTranslation('team');
  const { t: ts } = useTranslation('search');

  const status = useSearchStatus((s) => s.status);
  const error = useSearchStatus((s) => s.error);
  const notice = useSearchStatus((s) => s.notice);
  const dismissNotice = useSearchStatus((s) => s.dismissNotice);
  const hideIndicator = useSearchStatus((s) => s.hide);
  const reading = useSearchStatus((s) => s.reading);

  const [box, setBox] = useState<BoxState>({ boardId, text: EMPTY_TEXT, selection: EMPTY_SELECTION });
  const current = box.boardId === boardId ? box : { boardId, text: EMPTY_TEXT, selection: EMPTY_SELECTION };
  const [suggestions] = useState(() => sampleSuggestions());

  usePendingQueries(ctx, user, { boardId, loaded, hasContent }, (query, forBoard) =>
    setBox({ boardId: forBoard, text: { query, autoText: '' }, selection: EMPTY_SELECTION }),
  );

  const setQuery = (query: string) => setBox({ ...current, text: { ...current.text, query } });
  const changeSelection = (next: PickerSelection) =>
    setBox({ ...current, selection: next, text: applyPickerChange(current.text, current.selection, next) });

  const submit = (raw: string) => {
    const query = queryToSend(raw);
    if (query === null) return;
    if (!user) return keepForAfterLogin(query, board?.title ?? null);
    void submitSearch(ctx, query, boardId);
  };

  const loading = status === 'loading';
  // One empty-board screen — the landing search on every empty board, new or cleared, whatever its title.
  const landing = !user || (loaded && !hasContent);
  const compact = !!user && loaded && !landing;
  const indicator = <LootIndicator status={status} onDone={hideIndicator} />;
  if (fullScreenView) return indicator;
  if (!landing && !compact) return indicator;
  // A viewer runs no queries onto the board: the search bar gives way to one line saying why.
  if (user && board && !canEditBoard(board.role)) {
    return (
      <>
        <div className="search-compact" data-testid="search-compact">
          <p className="viewer-note" role="note" data-testid="viewer-note" title={t('viewer.noteDetail')}>
            {t('viewer.note')}
          </p>
        </div>
        {indicator}
      </>
    );
  }

  const form = (
    <form
      className="search-box"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        submit(current.text.query);
      }}
    >
      <input
        type="text"
        value={current.text.query}
        placeholder={ts('placeholder')}
        aria-label={ts('inputLabel')}
        disabled={loading}
        onChange={(e) => setQuery(e.target.value)}
      />
      {current.text.query !== '' && !loading && (
        <button type="button" className="icon-btn search-clear" aria-label={ts('clear')} onClick={() => setQuery('')}>
          <Icon name="close" />
        </button>
      )}
      <button type="submit" className="btn primary search-submit" aria-label={ts('submit')} disabled={loading}>
        <Icon name="arrowRight" size={18} />
      </button>
    </form>
  );
  const pickers = (
    <div className="search-pickers">
      <FeaturesPicker
        selection={current.selection}
        disabled={loading}
        onToggle={(name) => changeSelection(toggleFeature(current.selection, name))}
      />
      <GenresGamesPicker
        selection={current.selection}
        disabled={loading}
        onSuperGenre={(chip) => changeSelection(toggleSuperGenre(current.selection, chip))}
        onGenre={(name) => changeSelection(toggleGenre(current.selection, name))}
        onGame={(name) => changeSelection(toggleGame(current.selection, name))}
      />
    </div>
  );
  const errorLine = error && (
    <p className="search-error" role="alert" data-testid="search-error">
      {error}
    </p>
  );
  // How the genre, game or tier the query named was met (narrowed to it, or not found there).
  const noticeLine = notice && notice.boardId === boardId && !loading && (
    <p className="search-notice" role="status" data-testid="search-notice">
      <span>{notice.text}</span>
      <button type="button" className="icon-btn" aria-label={ts('dismissNotice')} onClick={dismissNotice}>
        ×
      </button>
    </p>
  );

  // What the board's last query was read as; a chip's change runs it again on this board.
  const chips = reading && reading.boardId === boardId && (
    <ReadingChips
      key={`${reading.query}|${reading.sectionIds.join(',')}`}
      shown={reading}
      disabled={loading}
      onEdit={(edit) => {
        if (boardId !== null) void rerunWithReading(ctx, boardId, edit);
      }}
    />
  );

  if (compact) {
    return (
      <>
        <div className="search-compact" data-testid="search-compact">
          {form}
          {pickers}
          {errorLine}
          {chips}
          {noticeLine}
        </div>
        {indicator}
      </>
    );
  }
  return (
    <>
      <div className="search-landing" data-testid="search-landing">
        <div className="search-landing-inner">
          <h1>{ts('heading')}</h1>
          {form}
          {pickers}
          {errorLine}
          {noticeLine}
          <CollectionTiles user={user} />
          <section className="suggestions" aria-label={ts('suggestionsHeading')}>
            <h2>{ts('suggestionsHeading')}</h2>
            <ul data-testid="suggestions">
              {suggestions.map((s) => (
                <li key={s}>
                  <button
                    type="button"
                    className="suggestion"
                    translate="no"
                    disabled={loading}
                    onClick={() => {
                      setQuery(s);
                      submit(s);
                    }}
                  >
                    {s}
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <AiAccuracyNote />
        </div>
      </div>
      {indicator}
    </>
  );
}
