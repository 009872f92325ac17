/**
 * Image URL rules (spec board-workspace §2): query strings are removed, relative paths are made absolute,
 * empty or invalid sources have no URL (the card shows 'No image'), nor has a path of our API other than storage
 * (an image never loads /api/logout or a share link), and /api/storage/ URLs that fail are
 * retried with the full origin. The board asks for the storage route's resized variants by level of detail.
 */
import { isApiPathOutsideStorage } from '#shared/canonical-image-url';
import { STORAGE_URL_PREFIX, storageVariantUrl } from '#shared/image-urls';

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'blob:', 'data:']);

/**
 * The absolute, query-free URL of an image source, or null when there is nothing loadable.
 * @example normaliseImageUrl('shots/a.png?v=2', 'https://loot.example') // 'https://loot.example/shots/a.png'
 */
export function normaliseImageUrl(raw: string | null | undefined, origin: string): string | null {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) return null;
  // data: and blob: URLs carry no query string to strip; they are used as they are.
  if (/^(data|blob):/i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value, origin.endsWith('/') ? origin : `${origin}/`);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null;
  if (isApiPathOutsideStorage(url.pathname) && url.origin === new URL(origin).origin) return null;
  url.search = '';
  url.hash = '';
  return url.href;
}

/**
 * The URLs to try, in order, for one image at one width: the storage variant when one exists, then the image
 * itself; for /api/storage/ images on another origin, the same again on our own origin (spec: "retried with a
 * full-origin URL if the first load fails").
 * @param width a storage variant width (96 or 320), or 0 for the full image
 */
export function imageUrlCandidates(raw: string | null | undefined, origin: string, width: 96 | 320 | 0): string[] {
  const primary = normaliseImageUrl(raw, origin);
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
  if (!url.pathname.startsWith(STORAGE_URL_PREFIX) || url.pathname.startsWith(`${STORAGE_URL_PREFIX}w/`)) return [absolute];
  return [url.origin + storageVariantUrl(url.pathname, width), absolute];
}
