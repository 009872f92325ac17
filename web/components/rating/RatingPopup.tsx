import { useCallback, useRef, useState } from 'react';
import { RATING_TEXT, TOASTS } from '#shared/messages/web';
import { rateQuery } from '../../data/search.queries';
import { useAppStore } from '../../stores/app.store';
import { toast } from '../../stores/toast.store';
import { SidePanel } from '../board/SidePanel';
import { Icon } from '../icons';
import { failureToast } from '../../data/failure-text';
import { useRatingExpiry } from './use-rating-expiry';

/** Spec §8: the thank-you toast stays 3 s. */
const THANKS_MS = 3000;

/**
 * 'Rate this response' (spec accounts §2, §4; board-workspace §4, §8): shown once a query id exists (the search
 * flow sets it), five labelled stars, one click saves (PATCH /api/queries/{id}/rating) and repeated clicks while
 * saving are ignored; cleared after a saved rating and on board change; it can be closed. It leaves by itself once
 * the user has moved on (use-rating-expiry.ts). Stars light only for a rating actually chosen: tabbing or pointing
 * through them chooses nothing.
 */
export function RatingPopup() {
  const queryId = useAppStore((s) => s.ratingQueryId);
  const setQueryId = useAppStore((s) => s.setRatingQueryId);
  const [chosen, setChosen] = useState<{ queryId: number; rating: number } | null>(null);
  const saving = useRef(false);
  const popup = useRef<HTMLDivElement>(null);
  const leave = useCallback(() => setQueryId(null), [setQueryId]);
  useRatingExpiry(queryId, popup, leave);
  if (queryId === null) return null;
  const rating = chosen?.queryId === queryId ? chosen.rating : 0;

  const rate = async (rating: number) => {
    if (saving.current) return;
    saving.current = true;
    setChosen({ queryId, rating });
    try {
      await rateQuery(queryId, rating);
      toast(TOASTS.ratingSaved, 'success', THANKS_MS);
      setQueryId(null);
    } catch (err) {
      console.error(err);
      toast(failureToast(TOASTS.ratingFailed, err), 'destructive');
    } finally {
      saving.current = false;
    }
  };

  return (
    <SidePanel>
      <div className="rating-popup" role="dialog" aria-label={RATING_TEXT.title} ref={popup}>
        <button type="button" className="icon-btn rating-close" aria-label="Close" onClick={() => setQueryId(null)}>
          <Icon name="close" />
        </button>
        <h2>{RATING_TEXT.title}</h2>
        <p>{RATING_TEXT.question}</p>
        <div className="stars">
          {RATING_TEXT.labels.map((label, i) => (
            <button
              key={label}
              type="button"
              className={i < rating ? 'star on' : 'star'}
              aria-label={label}
              aria-pressed={i + 1 === rating}
              title={label}
              onClick={() => void rate(i + 1)}
            >
              <Icon name="star" filled={i < rating} size={22} />
            </button>
          ))}
        </div>
        <p className="rating-prompt">{rating ? RATING_TEXT.labels[rating - 1] : RATING_TEXT.prompt}</p>
      </div>
    </SidePanel>
  );
}
