import { useQueryClient } from '@tanstack/react-query';
import { useCanEdit } from '../../data/board-role';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { execute } from '../../commands/history';
import { toggleBookmarkCommand } from '../../commands/toggle-bookmark';
import type { Card } from '../../data/wire';
import { hoverToolbarButton } from '../../logic/hover-toolbar';
import { useAppStore } from '../../stores/app.store';
import { useBoardController } from '../board/board-controller-context';
import { usePassThrough } from '../board/use-pass-through';
import { Icon } from '../icons';
import { findSimilarWouldSearch, startFindSimilar } from '../../flows/find-similar';
import { copyCardText, deleteCardsWithUndo, downloadCardImage } from './card-actions';
import { FindSimilarConfirm } from './FindSimilarConfirm';
import { ReasonChips } from './ReasonChips';
import { cardScreenRect } from './card-screen-rect';

/** Card-local spot of the bar: under the gallery's 'n/total' counter, above its next button (engine card layout). */
const CONTROLS_INSET = 14;
const CONTROLS_TOP = 28;
/** How long the controls stay after the pointer leaves the card, so it can reach them. */
const LEAVE_GRACE_MS = 250;

/**
 * The hover controls of a card (spec board-workspace §2): a DOM bar over the canvas, placed with the engine's
 * worldToScreen. Bookmark, move, download, copy text, delete and find similar, each through the command path.
 * The wheel and Space-drag go through it to the board; it never grows wider than its card (smaller
 * buttons, then none); 'Find similar' asks first, since it spends a search; a delete offers Undo.
 */
export function CardHoverControls({ cards }: { cards: Card[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hoveredId = useAppStore((s) => s.hoveredCardId);
  const pinnedId = useAppStore((s) => s.pinnedCardId);
  const viewerOpen = useAppStore((s) => s.viewer !== null);
  const [overControls, setOverControls] = useState(false);
  const [shownId, setShownId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Card | null>(null);

  const wanted = hoveredId ?? pinnedId;
  useEffect(() => {
    if (wanted !== null) {
      setShownId(wanted);
      return;
    }
    if (overControls) return;
    const timer = window.setTimeout(() => setShownId(null), LEAVE_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [wanted, overControls]);

  const card = shownId === null || viewerOpen ? undefined : cards.find((c) => c.id === shownId);
  // The confirm dialog keeps one place in the tree whether or not the bar shows: the bar going (the pointer left
  // the card for the dialog) must not remount the dialog under a click, which would then reach neither button.
  return (
    <>
      {card && (
        <HoverBar
          card={card}
          onPointerOver={setOverControls}
          onDelete={() => setShownId(null)}
          onFindSimilar={() =>
            findSimilarWouldSearch(queryClient)
              ? setConfirming(card)
              : void startFindSimilar(queryClient, card, navigate)
          }
        />
      )}
      {confirming && (
        <FindSimilarConfirm
          card={confirming}
          onClose={() => setConfirming(null)}
          onConfirm={() => void startFindSimilar(queryClient, confirming, navigate)}
        />
      )}
    </>
  );
}

type HoverBarProps = {
  card: Card;
  onPointerOver: (over: boolean) => void;
  onDelete: () => void;
  onFindSimilar: () => void;
};

/** The bar itself and the card's reason chips, placed over the card at the current view. */
function HoverBar({ card, onPointerOver, onDelete, onFindSimilar }: HoverBarProps) {
  const board = useBoardController();
  const queryClient = useQueryClient();
  const { t } = useTranslation('board');
  const { t: tc } = useTranslation('cards');
  const view = useAppStore((s) => s.view);
  const openMoveDialog = useAppStore((s) => s.openMoveDialog);
  const passThrough = usePassThrough();
  // A viewer's card offers no writes (move, delete, find similar onto the board).
  const canEdit = useCanEdit();

  const rect = cardScreenRect(card, view, board);
  const inset = CONTROLS_INSET * view.zoom;
  const button = hoverToolbarButton(rect.width, inset);
  const bookmarked = card.isBookmarked === 1;
  const icon = button !== null && button < 30 ? 14 : 16;

  return (
    <>
      {button !== null && (
        <div
          ref={passThrough}
          className="card-controls"
          role="toolbar"
          aria-label={tc('actions', { title: card.title })}
          data-testid="card-controls"
          data-card-id={card.id}
          style={{
            left: rect.x + rect.width - inset,
            top: rect.y + CONTROLS_TOP * view.zoom,
            ['--ctl-size' as string]: `${button}px`,
          }}
          onPointerEnter={() => onPointerOver(true)}
          onPointerLeave={() => onPointerOver(false)}
          // A mouse press does not take the focus: Space held afterwards pans the board, never presses a button.
          onMouseDown={(e) => e.preventDefault()}
        >
          <button
            type="button"
            className={bookmarked ? 'ctl active' : 'ctl'}
            aria-label={t('card.bookmark')}
            aria-pressed={bookmarked}
            title={t('card.bookmark')}
            onClick={() => void execute(toggleBookmarkCommand(card.id), queryClient)}
          >
            <Icon name="star" filled={bookmarked} size={icon} />
          </button>
          {canEdit && (
            <button
              type="button"
              className="ctl"
              aria-label={t('card.move')}
              title={t('card.move')}
              onClick={() => openMoveDialog(card.id)}
            >
              <Icon name="move" size={icon} />
            </button>
          )}
          <button
            type="button"
            className="ctl"
            aria-label={t('card.download')}
            title={t('card.download')}
            onClick={() => void downloadCardImage(card, useAppStore.getState().shownImages[card.id] ?? 0)}
          >
            <Icon name="download" size={icon} />
          </button>
          <button
            type="button"
            className="ctl"
            aria-label={t('card.copyText')}
            title={t('card.copyText')}
            onClick={() => void copyCardText(card)}
          >
            <Icon name="copy" size={icon} />
          </button>
          {canEdit && (
            <button
              type="button"
              className="ctl danger"
              aria-label={t('card.delete')}
              title={t('card.delete')}
              onClick={() => {
                onDelete();
                void deleteCardsWithUndo(queryClient, [card.id]);
              }}
            >
              <Icon name="trash" size={icon} />
            </button>
          )}
          {canEdit && (
            <button
              type="button"
              className="ctl"
              aria-label={t('card.findSimilar')}
              title={t('card.findSimilar')}
              onClick={onFindSimilar}
            >
              <Icon name="similar" size={icon} />
            </button>
          )}
        </div>
      )}
      {card.reasons.length > 0 && (
        <div
          className="card-reasons"
          style={{ left: rect.x, top: rect.y + rect.height + 4, maxWidth: Math.max(rect.width, 220) }}
        >
          <ReasonChips reasons={card.reasons} compact />
        </div>
      )}
    </>
  );
}
