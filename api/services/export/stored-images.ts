import path from 'node:path';
import { canonicalImageUrl } from '#shared/canonical-image-url';
import { isResizable } from '../../storage/content-types';
import type { ObjectStore } from '../../storage/object-store';

/** `key`: the object in the store (read it with store.get). */
export type StoredImage = { key: string; ext: string; bytes: number };

/**
 * Where an export reads its images: the store, and the catalogue's draw-on-demand (AppDeps.catalogueImages) while
 * the server is still drawing the demo catalogue's images after a first start. Absent when it draws none.
 */
export type ImageSource = { store: ObjectStore; drawNow?: (key: string) => Promise<boolean> };

/**
 * The file behind a card's image URL when the image lives in our own storage: the storage key of its canonical
 * spelling (shared/canonical-image-url.ts, the same spelling the "may show" rule decided on; an absolute URL on
 * any host whose path is in /api/storage/ is our file too); null for anything else. Exports never fetch an outside
 * URL: the server never fetches for a user (SECURITY.md), so an external image is linked, not embedded. Raster
 * types only. A catalogue image not drawn yet is drawn now, as a page asking for it gets it (README: first start):
 * an export right after a first start must not wait for the whole background run, nor go without its images.
 */
export async function findStoredImage({ store, drawNow }: ImageSource, url: string): Promise<StoredImage | null> {
  const key = canonicalImageUrl(url)?.storageKey;
  if (!key || !isResizable(key)) return null;
  let info = await store.head(key);
  // A drawing that fails leaves the image out, as a missing file is: the rest of the export still comes.
  if (!info && drawNow && (await drawNow(key).catch(() => false))) info = await store.head(key);
  if (!info) return null;
  return { key, ext: path.extname(key).toLowerCase().replace('.jpeg', '.jpg'), bytes: info.size };
}

export const isExternalImage = (url: string) => /^https?:\/\//i.test(url);
