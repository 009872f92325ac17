import path from 'node:path';
import { STORAGE_URL_PREFIX } from '../../../shared/image-urls';
import { isResizable } from '../../storage/content-types';
import { joinUnderRoot, parseStoragePath, realFileUnderRoot } from '../../storage/safe-path';

export type StoredImage = { file: string; ext: string; bytes: number };

/**
 * The file behind a card's image URL when the image lives in our own storage (`/api/storage/...`, the same path
 * checks the storage route makes); null for anything else. Exports never fetch an outside URL: the server never
 * fetches for a user (SECURITY.md), so an external image is linked, not embedded. Raster types only.
 */
export async function findStoredImage(storageRoot: string, url: string): Promise<StoredImage | null> {
  const bare = url.split(/[?#]/, 1)[0];
  const pathname = bare.startsWith(STORAGE_URL_PREFIX) ? bare : ownOriginPath(bare);
  if (!pathname) return null;
  const parsed = parseStoragePath(pathname.slice(STORAGE_URL_PREFIX.length));
  if (!parsed.ok || !isResizable(parsed.relative)) return null;
  const full = joinUnderRoot(storageRoot, parsed.relative);
  if (!full) return null;
  const real = await realFileUnderRoot(storageRoot, full);
  if (!real) return null;
  return { file: real.file, ext: path.extname(parsed.relative).toLowerCase().replace('.jpeg', '.jpg'), bytes: real.stat.size };
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
