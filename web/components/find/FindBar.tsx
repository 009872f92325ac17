import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '../../data/wire';
import { findMatches, nextMatchIndex } from '../../logic/find-on-board';
import { cardRect } from '#shared/card-geometry';
import { useAppStore } from '../../stores/app.store';
import { useBoardController } from '../board/board-controller-context';
import { SidePanel } from '../board/SidePanel';
import { Icon } from '../icons';

const FIND_HIGHLIGHT_MS = 2000;
/** Jumping to a match never leaves the card too small to read. */
const FIND_MIN_ZOOM = 0.8;

/**
 * Find on board (Ctrl/Cmd+F; "Beyond the original"): type to count the matching cards; Enter jumps to
 * the next one (Shift+Enter the previous), centres and highlights it and shows its controls; Escape closes.
 */
export function FindBar({ cards }: { cards: Card[] }) {
  const { t } = useTranslation('boardTools');
  const open = useAppStore((s) => s.findOpen);
  const setOpen = useAppStore((s) => s.setFindOpen);
  const board = useBoardController();
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const matches = useMemo(() => findMatches(cards, query), [cards, query]);

  useEffect(() => {
    if (open) input.current?.select();
  }, [open]);
  useEffect(() => setIndex(-1), [query]);

  if (!open) return null;

  const jump = (direction: 1 | -1) => {
    const next = nextMatchIndex(matches.length, index, direction);
    if (next < 0 || !board) return;
    setIndex(next);
    const card = cards.find((c) => c.id === matches[next]);
    if (!card) return;
    const r = cardRect(card);
    board.centerOn({ x: r.x + r.width / 2, y: r.y + r.height / 2 }, Math.max(board.view().zoom, FIND_MIN_ZOOM));
    board.highlight(card.id, FIND_HIGHLIGHT_MS);
    useAppStore.getState().setPinnedCardId(card.id);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      jump(e.shiftKey ? -1 : 1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <SidePanel>
      <div className="find-bar" role="search">
        <input
          ref={input}
          autoFocus
          type="search"
          placeholder={t('find.placeholder')}
          aria-label={t('find.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKey}
        />
        <span className="find-count" data-testid="find-count" aria-live="polite">
          {query.trim()
            ? index >= 0
              ? `${index + 1} / ${matches.length}`
              : t('find.matches', { count: matches.length })
            : ''}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('find.next')}
          disabled={matches.length === 0}
          onClick={() => jump(1)}
        >
          <Icon name="arrowDown" />
        </button>
        <button type="button" className="icon-btn" aria-label={t('find.close')} onClick={() => setOpen(false)}>
          <Icon name="close" />
        </button>
      </div>
    </SidePanel>
  );
}
