import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureRecord } from '#shared/schemas/catalogue';
import { Dialog } from '../ui/Dialog';
import { TagBadges } from './TagBadges';
import { Icon } from '../icons';
import { UserMarkdown } from '../markdown/UserMarkdown';
import { AiAccuracyNote } from '../ai-note/AiAccuracyNote';

type Props = { feature: FeatureRecord; startIndex: number; onClose: () => void };

/**
 * The lightbox a feature image opens (spec accounts §2): the screenshot large, with the title, game, game link,
 * tags, short and detailed description (markdown; raw HTML is never rendered). Escape, the close button and
 * the backdrop close it; the arrow keys move between screenshots.
 */
export function FeatureLightbox({ feature, startIndex, onClose }: Props) {
  const [index, setIndex] = useState(startIndex);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const count = feature.images.length;
  const { t } = useTranslation('features');

  useEffect(() => {
    if (count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count);
      if (e.key === 'ArrowRight') setIndex((i) => (i + 1) % count);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [count]);

  return (
    <Dialog label={feature.feature_screen_name} onClose={onClose} className="fs-lightbox">
      <div className="fs-lightbox-stage">
        {count === 0 ? (
          <div className="fs-no-image">{t('noImage')}</div>
        ) : (
          !failed.has(index) && (
            <img
              src={feature.images[index]}
              alt={t('screenshot', { n: index + 1 })}
              onError={() => setFailed((p) => new Set(p).add(index))}
            />
          )
        )}
        {count > 1 && (
          <>
            <button
              type="button"
              className="fs-arrow prev"
              aria-label={t('previousImage')}
              onClick={() => setIndex((i) => (i - 1 + count) % count)}
            >
              <Icon name="chevronLeft" size={20} />
            </button>
            <button
              type="button"
              className="fs-arrow next"
              aria-label={t('nextImage')}
              onClick={() => setIndex((i) => (i + 1) % count)}
            >
              <Icon name="chevronRight" size={20} />
            </button>
            <span className="fs-lightbox-counter">
              {index + 1} / {count}
            </span>
          </>
        )}
      </div>
      <aside className="fs-lightbox-panel">
        <button
          type="button"
          className="icon-btn fs-lightbox-close"
          aria-label={t('close')}
          onClick={onClose}
          data-autofocus
        >
          <Icon name="close" />
        </button>
        <h2 translate="no">{feature.feature_screen_name}</h2>
        <p className="fs-feature-game">
          <span translate="no">{feature.game_name}</span>
          {feature.game_link && (
            <a href={feature.game_link} target="_blank" rel="noopener noreferrer">
              {t('openGame')} <Icon name="external" size={14} />
            </a>
          )}
        </p>
        <TagBadges primary={feature.primary_tag} secondary={feature.secondary_tag} />
        <h3>{t('shortDescription')}</h3>
        <p translate="no">{feature.short_description}</p>
        {feature.detailed_description && (
          <>
            <h3>{t('detailedDescription')}</h3>
            <div className="markdown" data-testid="lightbox-detailed" translate="no">
              <UserMarkdown>{feature.detailed_description}</UserMarkdown>
            </div>
          </>
        )}
        <AiAccuracyNote />
      </aside>
    </Dialog>
  );
}
