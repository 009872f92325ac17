import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardEngineEvents } from '#engine/types';
import { cardRect } from '#shared/card-geometry';
import { useCanEdit } from '../../data/board-role';
import type { Card, Section } from '../../data/wire';
import { cardFocusKey } from '../../logic/card-focus-keys';
import { useAppStore } from '../../stores/app.store';
import { useBoardController } from './board-controller-context';

const NOTHING_FOCUSED: BoardEngineEvents['cardFocus'] = { cardId: null, index: 0, count: 0 };

/**
 * The board's cards from the keyboard. The canvas draws the cards, so a screen reader and Tab need an element of
 * the page: this one, laid over the focused card through the mirrored camera. Tab reaches it; on focus the engine
 * focuses a card (the one focused last, else the first in view) and draws its ring; the arrows move that focus
 * (engine/model/card-focus.ts: reading order and rows); Enter, Space and the menu key act on the card through the
 * engine's own pointer events, so the viewer, the selection and the card menu open exactly as with the mouse (and
 * a read-only board offers no menu there either). Its name says the card's title and section; a live region says
 * it again with the card's place, so a screen reader announces each move. Pointer events pass through to the canvas.
 */
export function CardFocusTarget({ cards, sections }: { cards: Card[]; sections: Section[] }) {
  const board = useBoardController();
  const view = useAppStore((s) => s.view);
  const canEdit = useCanEdit();
  const { t } = useTranslation('board');
  const [focus, setFocus] = useState(NOTHING_FOCUSED);
  /** The card focused last: Tab back in, or closing the viewer, returns to it. */
  const last = useRef<number | null>(null);
  const hintId = useId();

  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const cardMenuOpen = useAppStore((s) => s.contextMenu?.cardId !== undefined);
  /** The card menu was opened from here: it takes focus, and focus comes back when it closes. */
  const menuFromKeys = useRef(false);

  useEffect(() => {
    if (!board) return;
    return board.on('cardFocus', (next) => {
      setFocus(next);
      if (next.cardId !== null) last.current = next.cardId;
    });
  }, [board]);

  // Native listeners: the focus a closing dialog hands back comes while React commits the dialog's removal, and
  // React's onFocus did not see it (the card stayed unfocused after the viewer closed).
  useEffect(() => {
    if (!board || !element) return;
    const onFocus = () => {
      if (last.current === null || !board.focusCard(last.current)) board.moveFocus('next');
    };
    const onBlur = () => board.focusCard(null);
    element.addEventListener('focus', onFocus);
    element.addEventListener('blur', onBlur);
    if (document.activeElement === element) onFocus();
    // Focus that came while the board was still loading found no card in the engine: the first cards to arrive
    // take it, as a focus after the load would have.
    const offContent = board.on('contentChange', () => {
      if (document.activeElement === element && board.focusedCard() === null) onFocus();
    });
    return () => {
      element.removeEventListener('focus', onFocus);
      element.removeEventListener('blur', onBlur);
      offContent();
    };
  }, [board, element]);

  useEffect(() => {
    if (cardMenuOpen || !menuFromKeys.current) return;
    menuFromKeys.current = false;
    // Only when the closed menu left focus nowhere: a click elsewhere that closed it keeps its own focus.
    const active = document.activeElement;
    if (element && (active === null || active === document.body)) element.focus();
  }, [cardMenuOpen, element]);

  if (!board || cards.length === 0) return null;
  const card = focus.cardId === null ? undefined : cards.find((c) => c.id === focus.cardId);
  const section = card?.sectionId == null ? undefined : sections.find((s) => s.id === card.sectionId);
  const label = !card
    ? t('cardFocus.board')
    : section
      ? t('cardFocus.label', { title: card.title, section: section.title })
      : t('cardFocus.labelLoose', { title: card.title });
  const rect = card ? cardRect(card) : null;
  const place = rect
    ? {
        left: rect.x * view.zoom + view.offset.x,
        top: rect.y * view.zoom + view.offset.y,
        width: rect.width * view.zoom,
        height: rect.height * view.zoom,
      }
    : { left: 0, top: 0, width: '100%', height: '100%' };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const key = cardFocusKey(e);
    if (!key) return;
    // Arrows and Space would scroll the page, the menu key would open the browser's menu.
    e.preventDefault();
    if ('move' in key) board.moveFocus(key.move);
    else {
      // A read-only board opens no card menu, so none will close and hand focus back.
      if (key.action === 'menu') menuFromKeys.current = canEdit;
      board.activateFocused(key.action);
    }
  };

  return (
    <div className="card-focus-layer">
      <div
        role="button"
        tabIndex={0}
        className="card-focus-target"
        aria-roledescription={t('cardFocus.roleDescription')}
        aria-label={label}
        aria-describedby={hintId}
        data-card={card?.id}
        style={place}
        ref={setElement}
        onKeyDown={onKeyDown}
        onContextMenu={(e) => e.preventDefault()}
      />
      <p id={hintId} className="visually-hidden">
        {canEdit ? t('cardFocus.hint') : t('cardFocus.hintReadOnly')}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="card-focus-announcement">
        {card ? t('cardFocus.announcement', { label, index: focus.index, count: focus.count }) : ''}
      </p>
    </div>
  );
}
