import { isApiPathOutsideStorage } from '#shared/canonical-image-url';
import { STORAGE_URL_PREFIX } from '#shared/image-urls';

/**
 * Spec board-workspace §2 "Card on the board": any query string on an image URL is removed and relative paths
 * are made absolute. Empty or invalid sources answer null (the 'No image' placeholder).
 */
export function normalizeImageUrl(raw: string | null | undefined, origin: string): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = new URL(value, origin.endsWith('/') ? origin : `${origin}/`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'blob:' && url.protocol !== 'data:') return null;
    if (url.protocol === 'data:' || url.protocol === 'blob:') return value;
    // An image never loads a route of our API other than storage (logout, a share link).
    if (isApiPathOutsideStorage(url.pathname) && url.origin === new URL(origin).origin) return null;
    url.search = '';
    url.hash = '';
    return url.toString();
  } catch {
    return null;
  }
}

/** Spec: /api/storage/ URLs are retried with a full-origin URL if the first load fails. */
export function storageRetryUrl(failed: string, origin: string): string | null {
  try {
    const url = new URL(failed, origin);
    if (!url.pathname.startsWith(STORAGE_URL_PREFIX)) return null;
    const retry = `${origin.replace(/\/$/, '')}${url.pathname}`;
    return retry === failed ? null : retry;
  } catch {
    return null;
  }
}
