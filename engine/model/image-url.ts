/**
 * Which URLs the board loads for an image: the absolute, query-free URL (normalizeImageUrl, shared with the
 * web's card images), and /api/storage/ URLs that fail are retried with the full origin. The board asks for the storage route's resized variants by level of detail.
 */
import { normalizeImageUrl } from '#shared/canonical-image-url';
import { STORAGE_URL_PREFIX, storageVariantUrl } from '#shared/image-urls';

/**
 * The URLs to try, in order, for one image at one width: the storage variant when one exists, then the image
 * itself; for /api/storage/ images on another origin, the same again on our own origin (spec: "retried with a
 * full-origin URL if the first load fails").
 * @param width a storage variant width (96 or 320), or 0 for the full image
 */
export function imageUrlCandidates(raw: string | null | undefined, origin: string, width: 96 | 320 | 0): string[] {
  const primary = normalizeImageUrl(raw, origin);
  if (!primary) return [];
  const urls = [...withVariant(primary, width)];
  if (!/^(data|blob):/i.test(primary)) {
    const parsed = new URL(primary);
    const base = new URL(origin);
    if (parsed.pathname.startsWith(STORAGE_URL_PREFIX) && parsed.origin !== base.origin) {
      urls.push(...withVariant(base.origin + parsed.pathname, width));
    }
  }
  return [...new Set(urls)];
}

function withVariant(absolute: string, width: 96 | 320 | 0): string[] {
  if (width === 0 || /^(data|blob):/i.test(absolute)) return [absolute];
  const url = new URL(absolute);
  if (!url.pathname.startsWith(STORAGE_URL_PREFIX) || url.pathname.startsWith(`${STORAGE_URL_PREFIX}w/`))
    return [absolute];
  return [url.origin + storageVariantUrl(url.pathname, width), absolute];
}
