import { AppError, notFound, say } from '../errors';
import { imageContentType, isResizable } from './content-types';
import type { StoredObject } from './object-store';
import { parseStoragePath } from './safe-path';
import type { Storage } from './storage-for';
import { VARIANT_DIR, isVariantWidth, makeVariantOnce, variantRelativePath } from './variants';

/** Stored files never change under the same name (content-addressed), so browsers may keep them for a year. */
export const STORAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** A user's own images: the browser may keep them, a shared cache (CDN, proxy) never. */
export const PRIVATE_STORAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export type StorageResponse = {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
};

const badPath = () => new AppError('invalid_path', 400, say('request.badStoragePath'));

/**
 * Makes a stored file that is not there yet but should be (a demo catalogue image the server has not drawn yet):
 * true once it is there, false for a key it does not make.
 */
export type MakeMissing = (key: string) => Promise<boolean>;

/**
 * Answers GET/HEAD /api/storage/<raw> from the store (local folder or bucket): the file (or its resized variant
 * under w/<96|320>/), with content type, ETag and long-lived caching; 304 when If-None-Match matches. A missing
 * original is asked of `makeMissing` first. Throws 400 for a path it refuses and 404 for a file that is missing or
 * outside the root.
 */
export async function serveStorageFile(
  storage: Storage,
  rawEncodedPath: string,
  ifNoneMatch: string | undefined,
  makeMissing?: MakeMissing,
): Promise<StorageResponse> {
  const parsed = parseStoragePath(rawEncodedPath);
  if (!parsed.ok) throw badPath();
  if (ifNoneMatch) {
    // A revalidation: the object's info decides, without reading it (one HEAD on a bucket, a stat on a folder).
    const cached = await notModified(storage, parsed.segments, parsed.relative, ifNoneMatch);
    if (cached) return cached;
  }
  const found =
    parsed.segments[0] === VARIANT_DIR
      ? await findVariant(storage, parsed.segments, makeMissing)
      : await findOriginal(storage, parsed.relative, makeMissing);
  if (!found) throw notFound('file');

  const headers: Record<string, string> = {
    'Content-Type': found.contentType,
    'Cache-Control': STORAGE_CACHE_CONTROL,
    ETag: found.object.etag,
  };
  if (ifNoneMatch && etagMatches(ifNoneMatch, found.object.etag)) return { status: 304, headers, body: null };
  headers['Content-Length'] = String(found.object.data.length);
  return { status: 200, headers, body: found.object.data };
}

type Found = { object: StoredObject; contentType: string };

/** The 304 for a stored object (original or variant already made) whose ETag the client has; null otherwise. */
async function notModified(
  storage: Storage,
  segments: string[],
  relative: string,
  ifNoneMatch: string,
): Promise<StorageResponse | null> {
  const isVariant = segments[0] === VARIANT_DIR;
  const contentType = isVariant ? 'image/webp' : imageContentType(relative);
  const validVariant =
    segments.length >= 3 &&
    /^\d+$/.test(segments[1]) &&
    isVariantWidth(Number(segments[1])) &&
    segments[2] !== VARIANT_DIR &&
    isResizable(segments.slice(2).join('/'));
  if (!contentType || (isVariant && !validVariant)) return null;
  const info = await storage.store.head(relative);
  if (!info || !etagMatches(ifNoneMatch, info.etag)) return null;
  return {
    status: 304,
    headers: { 'Content-Type': contentType, 'Cache-Control': STORAGE_CACHE_CONTROL, ETag: info.etag },
    body: null,
  };
}

async function findOriginal({ store }: Storage, relative: string, makeMissing?: MakeMissing): Promise<Found | null> {
  const contentType = imageContentType(relative);
  if (!contentType) return null;
  let object = await store.get(relative);
  if (!object && makeMissing && (await makeMissing(relative))) object = await store.get(relative);
  return object && { object, contentType };
}

/** w/<width>/<path>: the kept variant, made from the original the first time it is asked for. */
async function findVariant(storage: Storage, segments: string[], makeMissing?: MakeMissing): Promise<Found | null> {
  const width = Number(segments[1]);
  const sourceRelative = segments.slice(2).join('/');
  if (!/^\d+$/.test(segments[1] ?? '') || !isVariantWidth(width) || segments.length < 3) return null;
  if (segments[2] === VARIANT_DIR || !isResizable(sourceRelative)) return null;
  const key = variantRelativePath(sourceRelative, width);
  let object = await storage.store.get(key);
  if (!object) {
    if (!(await storage.store.has(sourceRelative)) && !(await makeMissing?.(sourceRelative))) return null;
    if (!(await makeVariantOnce(storage, sourceRelative, width))) return null;
    object = await storage.store.get(key);
  }
  return object && { object, contentType: 'image/webp' };
}

/** If-None-Match may list several tags or '*'; weak and strong forms compare equal for GET (RFC 9110 §13.1.2). */
function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
