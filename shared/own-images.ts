import { STORAGE_URL_PREFIX } from './image-urls';
import { cleanDerivedTitle } from './text-rules';

/**
 * A user's own images: what is accepted and the limits, shared by the API (which enforces them) and
 * the web (which refuses early and says why).
 */
export const OWN_IMAGE_LIMITS = {
  /** Largest file or fetched link body. */
  maxBytes: 20 * 1024 * 1024,
  /** Long side of the stored image; larger images are scaled down. */
  maxSide: 8192,
  /**
   * Decoded pixels sharp may read before it refuses (decompression bombs): 100 MP covers a 12,000 × 8,000 photo
   * and refuses a 20,000 × 20,000 bomb at the header, before decoding.
   */
  maxInputPixels: 100_000_000,
  /** Files one drop, paste or pick may bring. */
  maxFilesAtOnce: 50,
  /** Uploads running at the same time from one page. */
  parallelUploads: 3,
  /** Image-link fetches. */
  linkTimeoutMs: 10_000,
  linkMaxRedirects: 3,
} as const;

/** MIME types the file picker offers; the server decides by decoding, never by type or extension. */
export const OWN_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/** Own images live under this storage folder: /api/storage/own/<sha-256>.<ext>. */
export const OWN_IMAGE_DIR = 'own';
export const OWN_IMAGE_URL_PREFIX = `${STORAGE_URL_PREFIX}${OWN_IMAGE_DIR}/`;

const OWN_URL = /^\/api\/storage\/own\/[0-9a-f]{64}\.(png|jpg|webp)$/;

/** True for the URL of a stored own image (never a variant, never anything else). */
export function isOwnImageUrl(url: string): boolean {
  return OWN_URL.test(url);
}

/** A card showing at least one own image is an own card ("Own" badge, editable fields). */
export function isOwnCard(card: { images: readonly string[] }): boolean {
  return card.images.some(isOwnImageUrl);
}

/**
 * The title a file gives its card at first: its name without the extension, made single-line by the one title rule
 * (a file name or link can carry CR, LF or NUL; the title never does).
 */
export function titleFromFileName(name: string): string {
  const base = cleanDerivedTitle(name.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, ''));
  return base || 'Image';
}
