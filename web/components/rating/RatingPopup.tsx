import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rateQuery } from '../../data/search.queries';
import { useAppStore } from '../../stores/app.store';
import { toast } from '../../stores/toast.store';
import { SidePanel } from '../board/SidePanel';
import { Icon } from '../icons';
import { failureToast } from '../../data/failure-text';
import { useRatingExpiry } from './use-rating-expiry';
import { commandToast } from '../../i18n/command-toasts';

/** Spec §8: the thank-you toast stays 3 s. */
const THANKS_MS = 3000;

/** The stars' labels in the dialogs catalogue, one to five. */
const STARS = ['notUseful', 'slightly', 'moderately', 'very', 'extremely'] as const;

/**
 * 'Rate this response' (spec accounts §2, §4; board-workspace §4, §8): shown once a query id exists (the search
 * flow sets it), five labelled stars, one click saves (PATCH /api/queries/{id}/rating) and repeated clicks while
 * saving are ignored; cleared after a saved rating and on board change; it can be closed. It leaves by itself once
 * the user has moved on (use-rating-expiry.ts). Stars light only for a rating actually chosen: tabbing or pointing
 * through them chooses nothing.
 */
export function RatingPopup() {
  const { t } = useTranslation('dialogs');
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
      toast({ title: t('rating.saved'), description: t('rating.savedText') }, 'success', THANKS_MS);
      setQueryId(null);
    } catch (err) {
      console.error(err);
      toast(failureToast(commandToast('ratingFailed'), err), 'destructive');
    } finally {
      saving.current = false;
    }
  };

  return (
    <SidePanel>
      <div className="rating-popup" role="dialog" aria-label={t('rating.title')} ref={popup}>
        <button
          type="button"
          className="icon-btn rating-close"
          aria-label={t('rating.close')}
          onClick={() => setQueryId(null)}
        >
          <Icon name="close" />
        </button>
        <h2>{t('rating.title')}</h2>
        <p>{t('rating.question')}</p>
        <div className="stars">
          {STARS.map((star, i) => (
            <button
              key={star}
              type="button"
              className={i < rating ? 'star on' : 'star'}
              aria-label={t(`rating.labels.${star}`)}
              aria-pressed={i + 1 === rating}
              title={t(`rating.labels.${star}`)}
              onClick={() => void rate(i + 1)}
            >
              <Icon name="star" filled={i < rating} size={22} />
            </button>
          ))}
        </div>
        <p className="rating-prompt">{rating ? t(`rating.labels.${STARS[rating - 1]}`) : t('rating.prompt')}</p>
      </div>
    </SidePanel>
  );
}
