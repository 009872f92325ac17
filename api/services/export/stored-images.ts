import path from 'node:path';
import { STORAGE_URL_PREFIX } from '#shared/image-urls';
import { isResizable } from '../../storage/content-types';
import type { ObjectStore } from '../../storage/object-store';
import { parseStoragePath } from '../../storage/safe-path';

/** `key`: the object in the store (read it with store.get). */
export type StoredImage = { key: string; ext: string; bytes: number };

/**
 * The file behind a card's image URL when the image lives in our own storage (`/api/storage/...`, the same path
 * checks the storage route makes); null for anything else. Exports never fetch an outside URL: the server never
 * fetches for a user (SECURITY.md), so an external image is linked, not embedded. Raster types only.
 */
export async function findStoredImage(store: ObjectStore, url: string): Promise<StoredImage | null> {
  const bare = url.split(/[?#]/, 1)[0];
  const pathname = bare.startsWith(STORAGE_URL_PREFIX) ? bare : ownOriginPath(bare);
  if (!pathname) return null;
  const parsed = parseStoragePath(pathname.slice(STORAGE_URL_PREFIX.length));
  if (!parsed.ok || !isResizable(parsed.relative)) return null;
  const info = await store.head(parsed.relative);
  if (!info) return null;
  return { key: parsed.relative, ext: path.extname(parsed.relative).toLowerCase().replace('.jpeg', '.jpg'), bytes: info.size };
}

/** An absolute URL that points at our storage path on any host is still our file: the client made it absolute. */
function ownOriginPath(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const pathname = new URL(url).pathname;
    return pathname.startsWith(STORAGE_URL_PREFIX) ? pathname : null;
  } catch {
    return null;
  }
}

export const isExternalImage = (url: string) => /^https?:\/\//i.test(url);
