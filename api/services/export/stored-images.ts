import path from 'node:path';
import { canonicalImageUrl } from '#shared/canonical-image-url';
import { isResizable } from '../../storage/content-types';
import type { ObjectStore } from '../../storage/object-store';

/** `key`: the object in the store (read it with store.get). */
export type StoredImage = { key: string; ext: string; bytes: number };

/**
 * The file behind a card's image URL when the image lives in our own storage: the storage key of its canonical
 * spelling (shared/canonical-image-url.ts, the same spelling the "may show" rule decided on; an absolute URL on
 * any host whose path is in /api/storage/ is our file too); null for anything else. Exports never fetch an outside
 * URL: the server never fetches for a user (SECURITY.md), so an external image is linked, not embedded. Raster
 * types only.
 */
export async function findStoredImage(store: ObjectStore, url: string): Promise<StoredImage | null> {
  const key = canonicalImageUrl(url)?.storageKey;
  if (!key || !isResizable(key)) return null;
  const info = await store.head(key);
  if (!info) return null;
  return { key, ext: path.extname(key).toLowerCase().replace('.jpeg', '.jpg'), bytes: info.size };
}

export const isExternalImage = (url: string) => /^https?:\/\//i.test(url);
