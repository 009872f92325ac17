import { useRef, useState } from 'react';
import { RATING_TEXT, TOASTS } from '#shared/messages/web';
import { rateQuery } from '../../data/search.queries';
import { useAppStore } from '../../stores/app.store';
import { toast } from '../../stores/toast.store';
import { SidePanel } from '../board/SidePanel';
import { Icon } from '../icons';
import { failureToast } from '../../data/failure-text';

/** Spec §8: the thank-you toast stays 3 s. */
const THANKS_MS = 3000;

/**
 * 'Rate this response' (spec accounts §2, §4; board-workspace §4, §8): shown once a query id exists (the search
 * flow sets it), five labelled stars, one click saves (PATCH /api/queries/{id}/rating) and repeated clicks while
 * saving are ignored; cleared after a saved rating and on board change; it can be closed.
 */
export function RatingPopup() {
  const queryId = useAppStore((s) => s.ratingQueryId);
  const setQueryId = useAppStore((s) => s.setRatingQueryId);
  const [hover, setHover] = useState(0);
  const saving = useRef(false);
  if (queryId === null) return null;

  const rate = async (rating: number) => {
    if (saving.current) return;
    saving.current = true;
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
      <div className="rating-popup" role="dialog" aria-label={RATING_TEXT.title}>
        <button type="button" className="icon-btn rating-close" aria-label="Close" onClick={() => setQueryId(null)}>
          <Icon name="close" />
        </button>
        <h2>{RATING_TEXT.title}</h2>
        <p>{RATING_TEXT.question}</p>
        <div className="stars" onPointerLeave={() => setHover(0)}>
          {RATING_TEXT.labels.map((label, i) => (
            <button
              key={label}
              type="button"
              className={i < hover ? 'star on' : 'star'}
              aria-label={label}
              title={label}
              onPointerEnter={() => setHover(i + 1)}
              onFocus={() => setHover(i + 1)}
              onClick={() => void rate(i + 1)}
            >
              <Icon name="star" filled={i < hover} size={22} />
            </button>
          ))}
        </div>
        <p className="rating-prompt">{hover ? RATING_TEXT.labels[hover - 1] : RATING_TEXT.prompt}</p>
      </div>
    </SidePanel>
  );
}
