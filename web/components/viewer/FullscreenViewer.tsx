import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VIEWER_MAX_DOTS, VIEWER_PANEL_WIDTH } from '#shared/constants';
import { knownCard } from '../../commands/card-cache';
import { useCardDetails } from '../../data/card-details';
import { useGameInfo } from '../../data/game-info.queries';
import type { Card } from '../../data/wire';
import { decodeDetailed } from '../../logic/card-text';
import { isTextField } from '../../logic/text-fields';
import { useAppStore } from '../../stores/app.store';
import { isOwnCard } from '#shared/own-images';
import { AiAccuracyNote } from '../ai-note/AiAccuracyNote';
import { CardImage } from '../card/CardImage';
import { ReasonChips } from '../card/ReasonChips';
import { OwnCardEditor } from '../own-images/OwnCardEditor';
import { TagChips } from '../card/TagChips';
import { UserMarkdown } from '../markdown/UserMarkdown';
import { Dialog } from '../ui/Dialog';
import { Icon } from '../icons';

/** Spec §2 "Fullscreen image viewer": open while the store names a card. */
export function FullscreenViewer({ cards }: { cards: Card[] }) {
  const viewer = useAppStore((s) => s.viewer);
  const queryClient = useQueryClient();
  if (!viewer) return null;
  const card = cards.find((c) => c.id === viewer.cardId) ?? knownCard(queryClient, viewer.cardId);
  if (!card) return null;
  return <ViewerModal key={card.id} card={card} initialIndex={viewer.imageIndex} />;
}

/**
 * The modal: large image with close / previous / next (wrapping), 'n / total', dots only at 10 images or fewer;
 * a 420 px panel with the game link, genre and subgenre, tags, and the descriptions as markdown (UserMarkdown:
 * raw HTML never rendered, images only from http(s) and our storage). Page scroll is locked; Escape and a click beside the image close it; arrow keys move.
 */
function ViewerModal({ card, initialIndex }: { card: Card; initialIndex: number }) {
  const close = useAppStore((s) => s.closeViewer);
  const { t } = useTranslation('canvas');
  const { t: tv } = useTranslation('boardTools');
  const { t: td } = useTranslation('dialogs');
  const total = card.images.length;
  const [index, setIndex] = useState(initialIndex);
  const info = useGameInfo(card.game || null);

  // Spec §4: the image index resets when the initial index changes.
  useEffect(() => setIndex(initialIndex), [initialIndex]);

  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Arrow keys in the own-card editor move the caret, not the gallery.
      if (isTextField(e.target) || total === 0) return;
      if (e.key === 'ArrowLeft') setIndex((i) => (i - 1 + total) % total);
      else if (e.key === 'ArrowRight') setIndex((i) => (i + 1) % total);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [total]);

  const step = (d: 1 | -1) => total > 0 && setIndex((i) => (i + d + total) % total);
  // A card listed without its details (a large board's compact list) gets them from GET /api/cards/:id.
  const detailed = decodeDetailed(useCardDetails(card).detailedDescription);
  const own = isOwnCard(card);
  const [editing, setEditing] = useState(false);

  return (
    <Dialog label={card.title} onClose={close} className="viewer-dialog" testId="viewer">
      <div className="viewer">
        <div className="viewer-stage" onClick={(e) => e.target === e.currentTarget && close()}>
          <button type="button" className="viewer-btn viewer-close" aria-label={tv('viewer.close')} onClick={close}>
            <Icon name="close" size={22} />
          </button>
          {total > 1 && (
            <button
              type="button"
              className="viewer-btn viewer-prev"
              aria-label={tv('viewer.previous')}
              onClick={() => step(-1)}
            >
              <Icon name="chevronLeft" size={24} />
            </button>
          )}
          <CardImage
            key={index}
            src={card.images[index]}
            alt={`${card.title} ${index + 1}`}
            className="viewer-image"
            loading="eager"
          />
          {total > 1 && (
            <button
              type="button"
              className="viewer-btn viewer-next"
              aria-label={tv('viewer.next')}
              onClick={() => step(1)}
            >
              <Icon name="chevronRight" size={24} />
            </button>
          )}
          {total > 0 && (
            <div className="viewer-counter" data-testid="viewer-counter">
              {index + 1} / {total}
            </div>
          )}
          {total > 1 && total <= VIEWER_MAX_DOTS && (
            <div className="viewer-dots" role="tablist">
              {card.images.map((_, i) => (
                <button
                  key={i}
                  type="button"
                  role="tab"
                  aria-selected={i === index}
                  aria-label={`${i + 1}`}
                  className={i === index ? 'dot active' : 'dot'}
                  onClick={() => setIndex(i)}
                />
              ))}
            </div>
          )}
        </div>
        <aside className="viewer-panel" style={{ width: VIEWER_PANEL_WIDTH }}>
          <h2 className="viewer-title">
            <span translate="no">{card.title}</span>
            {own && <span className="own-badge">{t('ownImageBadge')}</span>}
          </h2>
          {own &&
            (editing ? (
              <OwnCardEditor card={{ ...card, detailedDescription: detailed }} onDone={() => setEditing(false)} />
            ) : (
              <button type="button" className="btn" data-testid="edit-own-card" onClick={() => setEditing(true)}>
                {td('ownCard.editTitle')}
              </button>
            ))}
          {card.game &&
            (card.gameLink ? (
              <a className="viewer-game" href={card.gameLink} target="_blank" rel="noopener noreferrer" translate="no">
                {card.game}
              </a>
            ) : (
              <span className="viewer-game" translate="no">
                {card.game}
              </span>
            ))}
          <div className="viewer-genre" data-testid="viewer-genre">
            {info.isFetching && !info.data?.success ? (
              tv('viewer.loadingGenre')
            ) : info.data?.success ? (
              <>
                <span>{tv('viewer.genre', { name: info.data.genre })}</span>
                {info.data.subgenre && <span>{tv('viewer.subgenre', { name: info.data.subgenre })}</span>}
              </>
            ) : null}
          </div>
          <TagChips tags={card.tags} />
          <ReasonChips reasons={card.reasons} />
          {!(own && !card.description) && (
            <>
              <h3>{tv('viewer.shortDescription')}</h3>
              <div className="markdown" translate="no">
                <UserMarkdown>{card.description}</UserMarkdown>
              </div>
            </>
          )}
          {detailed && (
            <>
              <h3>{own ? tv('viewer.notes') : tv('viewer.detailedDescription')}</h3>
              <div className="markdown" data-testid="viewer-detailed" translate="no">
                <UserMarkdown>{detailed}</UserMarkdown>
              </div>
            </>
          )}
          {/* The user's own images are theirs, not the AI-collected catalogue. */}
          {!own && <AiAccuracyNote />}
        </aside>
      </div>
    </Dialog>
  );
}
