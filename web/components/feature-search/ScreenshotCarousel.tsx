import { useState } from 'react';
import { storageVariantUrl } from '#shared/image-urls';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons';

type Props = { images: readonly string[]; title: string; onOpen: (index: number) => void };

/**
 * A feature card's screenshots (spec accounts §2): previous / next arrows and dots, or 'No image'. Clicking the
 * image opens the lightbox. Spec §8: an image that fails to load is treated as loaded and its slot stays blank.
 */
export function ScreenshotCarousel({ images, title, onOpen }: Props) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const { t } = useTranslation('features');
  if (images.length === 0) {
    return (
      <div className="fs-carousel fs-no-image" role="img" aria-label={t('noImage')}>
        {t('noImage')}
      </div>
    );
  }
  const step = (delta: number) => setIndex((i) => (i + delta + images.length) % images.length);
  return (
    <div className="fs-carousel">
      <button
        type="button"
        className="fs-carousel-image"
        aria-label={t('screenshotOf', { title, n: index + 1 })}
        onClick={() => onOpen(index)}
      >
        {!failed.has(index) && (
          <img
            key={images[index]}
            src={storageVariantUrl(images[index], 320)}
            alt=""
            loading="lazy"
            draggable={false}
            onError={() => setFailed((prev) => new Set(prev).add(index))}
          />
        )}
      </button>
      {images.length > 1 && (
        <>
          <button type="button" className="fs-arrow prev" aria-label={t('previousImage')} onClick={() => step(-1)}>
            <Icon name="chevronLeft" size={20} />
          </button>
          <button type="button" className="fs-arrow next" aria-label={t('nextImage')} onClick={() => step(1)}>
            <Icon name="chevronRight" size={20} />
          </button>
          <div className="fs-dots">
            {images.map((src, i) => (
              <button
                key={src + i}
                type="button"
                className={i === index ? 'fs-dot on' : 'fs-dot'}
                aria-label={t('screenshot', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
