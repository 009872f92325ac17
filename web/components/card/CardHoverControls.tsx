import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CARD_TEXT } from '#shared/messages/web';
import { deleteCardCommand } from '../../commands/delete-card';
import { execute } from '../../commands/history';
import { toggleBookmarkCommand } from '../../commands/toggle-bookmark';
import type { Card } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { useEngine } from '../board/engine-context';
import { Icon } from '../icons';
import { startFindSimilar } from '../../flows/find-similar';
import { copyCardText, downloadCardImage } from './card-actions';
import { ReasonChips } from './ReasonChips';
import { cardScreenRect } from './card-geometry';

/** Card-local spot of the bar: under the gallery's 'n/total' counter, above its next button (engine card layout). */
const CONTROLS_INSET = 14;
const CONTROLS_TOP = 28;
/** How long the controls stay after the pointer leaves the card, so it can reach them. */
const LEAVE_GRACE_MS = 250;

/**
 * The hover controls of a card (spec board-workspace §2): a DOM bar over the canvas, placed with the engine's
 * worldToScreen. Bookmark, move, download, copy text, delete and find similar, each through the command path.
 */
export function CardHoverControls({ cards }: { cards: Card[] }) {
  const engine = useEngine();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hoveredId = useAppStore((s) => s.hoveredCardId);
  const pinnedId = useAppStore((s) => s.pinnedCardId);
  const view = useAppStore((s) => s.view);
  const viewerOpen = useAppStore((s) => s.viewer !== null);
  const openMoveDialog = useAppStore((s) => s.openMoveDialog);
  const [overControls, setOverControls] = useState(false);
  const [shownId, setShownId] = useState<number | null>(null);

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

  const card = shownId === null ? undefined : cards.find((c) => c.id === shownId);
  if (!card || viewerOpen) return null;
  const rect = cardScreenRect(card, view, engine);
  const bookmarked = card.isBookmarked === 1;

  return (
    <>
    <div
      className="card-controls"
      role="toolbar"
      aria-label={`Card actions: ${card.title}`}
      data-testid="card-controls"
      data-card-id={card.id}
      style={{ left: rect.x + rect.width - CONTROLS_INSET * view.zoom, top: rect.y + CONTROLS_TOP * view.zoom }}
      onPointerEnter={() => setOverControls(true)}
      onPointerLeave={() => setOverControls(false)}
    >
      <button
        type="button"
        className={bookmarked ? 'ctl active' : 'ctl'}
        aria-label={CARD_TEXT.bookmark}
        aria-pressed={bookmarked}
        title={CARD_TEXT.bookmark}
        onClick={() => void execute(toggleBookmarkCommand(card.id), queryClient)}
      >
        <Icon name="star" filled={bookmarked} />
      </button>
      <button type="button" className="ctl" aria-label={CARD_TEXT.move} title={CARD_TEXT.move} onClick={() => openMoveDialog(card.id)}>
        <Icon name="move" />
      </button>
      <button type="button" className="ctl" aria-label={CARD_TEXT.download} title={CARD_TEXT.download} onClick={() => void downloadCardImage(card, useAppStore.getState().shownImages[card.id] ?? 0)}>
        <Icon name="download" />
      </button>
      <button type="button" className="ctl" aria-label={CARD_TEXT.copyText} title={CARD_TEXT.copyText} onClick={() => void copyCardText(card)}>
        <Icon name="copy" />
      </button>
      <button
        type="button"
        className="ctl danger"
        aria-label={CARD_TEXT.delete}
        title={CARD_TEXT.delete}
        onClick={() => {
          setShownId(null);
          void execute(deleteCardCommand(card.id), queryClient);
        }}
      >
        <Icon name="trash" />
      </button>
      <button
        type="button"
        className="ctl"
        aria-label={CARD_TEXT.findSimilar}
        title={CARD_TEXT.findSimilar}
        onClick={() => void startFindSimilar(queryClient, card, navigate)}
      >
        <Icon name="similar" />
      </button>
    </div>
      {card.reasons.length > 0 && (
        <div className="card-reasons" style={{ left: rect.x, top: rect.y + rect.height + 4, maxWidth: Math.max(rect.width, 220) }}>
          <ReasonChips reasons={card.reasons} compact />
        </div>
      )}
    </>
  );
}
