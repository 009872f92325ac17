/**
 * Screenshot path rules, shared by the API (cards, feature search, importer) and the web (variants).
 *
 * Spec accounts §3, Feature record: "a url is preferred per slot, else the path. Absolute http(s) URLs as they
 * are; paths starting static/ or /static/ are served from a /storage/ prefix; other paths get a leading slash."
 * Images load from /api/storage/... (spec accounts §7), so the storage prefix is `/api/storage/`:
 *   static/catalogue/a.webp  → /api/storage/catalogue/a.webp
 *   /static/x/b.png          → /api/storage/x/b.png
 *   https://cdn.example/c.png → https://cdn.example/c.png
 *   shots/d.png              → /shots/d.png
 */

export const STORAGE_URL_PREFIX = '/api/storage/';
/** Widths of the resized WebP variants kept for the board's levels of detail. */
export const STORAGE_VARIANT_WIDTHS = [96, 320] as const;
export type StorageVariantWidth = (typeof STORAGE_VARIANT_WIDTHS)[number];

export type ScreenshotSlot = { path?: string | null; url?: string | null };

const isHttpUrl = (s: string) => /^https?:\/\//i.test(s);

/** One path or url by the spec's rules; blank gives null. */
export function resolveImagePath(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (isHttpUrl(value)) return value;
  const staticMatch = /^\/?static\/(.*)$/.exec(value);
  if (staticMatch) return STORAGE_URL_PREFIX + staticMatch[1];
  return value.startsWith('/') ? value : `/${value}`;
}

/** One slot: its url when set, else its path. */
export function resolveScreenshot(slot: ScreenshotSlot): string | null {
  return resolveImagePath(slot.url) ?? resolveImagePath(slot.path);
}

/** The slots of a feature as image URLs in gallery order, empty slots left out. */
export function resolveScreenshots(slots: readonly ScreenshotSlot[]): string[] {
  return slots.map(resolveScreenshot).filter((u): u is string => u !== null);
}

/**
 * The resized WebP of a stored image (`/api/storage/w/320/<path>`), or the URL itself for images that are not
 * in our storage (an external https URL has no variants). Query strings are dropped: the spec's client strips them.
 */
export function storageVariantUrl(url: string, width: StorageVariantWidth): string {
  const bare = url.split(/[?#]/, 1)[0];
  if (!bare.startsWith(STORAGE_URL_PREFIX)) return url;
  return `${STORAGE_URL_PREFIX}w/${width}/${bare.slice(STORAGE_URL_PREFIX.length)}`;
}
