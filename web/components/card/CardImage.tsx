import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brokenImages } from '../../logic/broken-images';
import { normalizeImageUrl } from '#shared/canonical-image-url';
import { storageRetryUrl } from '../../logic/image-url';

/** `alt`: the card's title (data, not the interface's words; marked so in data-user-text). */
type Props = { src: string | null | undefined; alt: string; className?: string; loading?: 'lazy' | 'eager' };

/**
 * An image with the spec's fallbacks (board-workspace §2): cleaned URL, one retry with the full origin for
 * /api/storage/ paths, then the 'No image' placeholder, and the URL remembered as broken.
 */
export function CardImage({ src, alt, className, loading = 'lazy' }: Props) {
  const { t } = useTranslation('board');
  const origin = window.location.origin;
  const initial = normalizeImageUrl(src, origin);
  const [url, setUrl] = useState<string | null>(initial && !brokenImages.has(initial) ? initial : null);
  const [retried, setRetried] = useState(false);

  useEffect(() => {
    setUrl(initial && !brokenImages.has(initial) ? initial : null);
    setRetried(false);
  }, [initial]);

  if (!url) {
    return (
      <div className={`no-image ${className ?? ''}`} role="img" aria-label={t('card.noImage')}>
        {t('card.noImage')}
      </div>
    );
  }
  return (
    <img
      className={className}
      src={url}
      alt={alt}
      data-user-text="alt"
      loading={loading}
      draggable={false}
      onError={() => {
        const retry = retried ? null : storageRetryUrl(url, origin);
        if (retry) {
          setRetried(true);
          setUrl(retry);
          return;
        }
        console.warn('Image failed to load', url);
        brokenImages.add(url);
        setUrl(null);
      }}
    />
  );
}
