import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BOOKMARK_NAV_HIGHLIGHT_MS, BOOKMARK_NAV_ZOOM } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { execute } from '../../commands/history';
import { toggleBookmarkCommand } from '../../commands/toggle-bookmark';
import { useBookmarks } from '../../data/bookmarks.queries';
import type { Board, Card } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { AiAccuracyNote } from '../ai-note/AiAccuracyNote';
import { CardImage } from '../card/CardImage';
import { TagChips } from '../card/TagChips';
import { filterBookmarks } from './bookmark-filter';
import { Icon } from '../icons';

/**
 * 'My Bookmarks' (spec board-workspace §2): count, back, 'Search bookmarks...', the card grid, both empty
 * states, and 'Show on Board' (switch board when it changes, zoom 1.2, centre, highlight 2 s). The spec's 300 ms
 * pause before focusing on another board is not slept here: the focus request names its board, and the board page
 * carries it out once that board's cards and sections have loaded and its layout has settled (use-focus-request.ts).
 */
export function BookmarksView({ boards }: { boards: Board[] }) {
  const open = useAppStore((s) => s.bookmarksViewOpen);
  const closeBookmarks = useAppStore((s) => s.closeBookmarks);
  const query = useBookmarks(open);
  const [search, setSearch] = useState('');
  const queryClient = useQueryClient();
  const { t } = useTranslation('cards', { keyPrefix: 'bookmarks' });
  if (!open) return null;

  const all = query.data ?? [];
  const shown = filterBookmarks(all, search);
  const boardTitle = (id: number) => boards.find((b) => b.id === id)?.title;

  const showOnBoard = (card: Card) => {
    const store = useAppStore.getState();
    closeBookmarks();
    if (card.boardId && card.boardId !== store.currentBoardId && boardTitle(card.boardId) !== undefined)
      store.setCurrentBoardId(card.boardId);
    useAppStore.getState().requestFocus({
      cardId: card.id,
      boardId: card.boardId,
      zoom: BOOKMARK_NAV_ZOOM,
      highlightMs: BOOKMARK_NAV_HIGHLIGHT_MS,
    });
  };

  return (
    <section className="bookmarks-view" aria-label={t('heading')}>
      <header className="bookmarks-header">
        <button type="button" className="btn" onClick={closeBookmarks}>
          <Icon name="arrowLeft" /> {t('back')}
        </button>
        <h1>{t('heading')}</h1>
        <span className="bookmarks-count" data-testid="bookmarks-count">
          {t('count', { count: shown.length })}
        </span>
        <input
          type="search"
          className="bookmarks-search"
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </header>
      {query.isPending ? null : all.length === 0 ? (
        <div className="empty-state">
          <h2>{t('empty')}</h2>
          <p>{t('emptyHint')}</p>
          <button type="button" className="btn primary" onClick={closeBookmarks}>
            {t('returnToBoard')}
          </button>
        </div>
      ) : shown.length === 0 ? (
        <div className="empty-state">
          <h2>{t('nothingFound')}</h2>
          <button type="button" className="btn" onClick={() => setSearch('')}>
            {t('clearSearch')}
          </button>
        </div>
      ) : (
        <ul className="bookmarks-grid">
          {shown.map((card) => {
            const title = boardTitle(card.boardId);
            return (
              <li key={card.id} className="bookmark-card" data-testid="bookmark-card">
                <button
                  type="button"
                  className="bookmark-open"
                  aria-label={t('showOnBoardOf', { title: card.title })}
                  onClick={() => showOnBoard(card)}
                >
                  <span className="bookmark-image" translate="no">
                    <CardImage src={card.images[0]} alt={card.title} />
                    {card.images.length > 1 && <span className="plus-badge">+{card.images.length - 1}</span>}
                  </span>
                </button>
                <div className="bookmark-body">
                  <h3 translate="no">{card.title}</h3>
                  <p className="bookmark-description" translate="no">
                    {card.description}
                  </p>
                  {card.game && (
                    <p className="bookmark-game" translate="no">
                      {card.game}
                    </p>
                  )}
                  <TagChips tags={card.tags} />
                  <p className="bookmark-board">{title !== undefined ? t('board', { title }) : t('unknownBoard')}</p>
                  <div className="bookmark-actions">
                    <button
                      type="button"
                      className="ctl active"
                      aria-pressed={card.isBookmarked === 1}
                      aria-label={t('bookmark')}
                      onClick={() => void execute(toggleBookmarkCommand(card.id), queryClient)}
                    >
                      <Icon name="star" filled />
                    </button>
                    <button type="button" className="btn" onClick={() => showOnBoard(card)}>
                      {t('showOnBoard')}
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <AiAccuracyNote />
    </section>
  );
}
