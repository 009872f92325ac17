import fs from 'node:fs';
import { AppError, notFound } from '../errors';
import { imageContentType, isResizable } from './content-types';
import { joinUnderRoot, parseStoragePath, realFileUnderRoot } from './safe-path';
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

const badPath = () => new AppError('invalid_path', 400, 'Invalid storage path');

/**
 * Answers GET/HEAD /api/storage/<raw> for the storage root: the file (or its resized variant under
 * w/<96|320>/), with content type, ETag and long-lived caching; 304 when If-None-Match matches.
 * Throws 400 for a path it refuses and 404 for a file that is missing or outside the root.
 */
export async function serveStorageFile(root: string, rawEncodedPath: string, ifNoneMatch: string | undefined): Promise<StorageResponse> {
  const parsed = parseStoragePath(rawEncodedPath);
  if (!parsed.ok) throw badPath();
  const found =
    parsed.segments[0] === VARIANT_DIR ? await findVariant(root, parsed.segments) : await findOriginal(root, parsed.relative);
  if (!found) throw notFound('File');

  const etag = `"${found.stat.size.toString(36)}-${Math.floor(found.stat.mtimeMs).toString(36)}"`;
  const headers: Record<string, string> = {
    'Content-Type': found.contentType,
    'Cache-Control': STORAGE_CACHE_CONTROL,
    ETag: etag,
  };
  if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) return { status: 304, headers, body: null };
  const body = await fs.promises.readFile(found.file);
  headers['Content-Length'] = String(body.length);
  return { status: 200, headers, body };
}

type Found = { file: string; stat: fs.Stats; contentType: string };

async function findOriginal(root: string, relative: string): Promise<Found | null> {
  const contentType = imageContentType(relative);
  const full = joinUnderRoot(root, relative);
  if (!contentType || !full) return null;
  const real = await realFileUnderRoot(root, full);
  return real && { ...real, contentType };
}

/** w/<width>/<path>: the kept variant, made from the original the first time it is asked for. */
async function findVariant(root: string, segments: string[]): Promise<Found | null> {
  const width = Number(segments[1]);
  const sourceRelative = segments.slice(2).join('/');
  if (!/^\d+$/.test(segments[1] ?? '') || !isVariantWidth(width) || segments.length < 3) return null;
  if (segments[2] === VARIANT_DIR || !isResizable(sourceRelative)) return null;
  const variantFull = joinUnderRoot(root, variantRelativePath(sourceRelative, width));
  if (!variantFull) return null;
  let real = await realFileUnderRoot(root, variantFull);
  if (!real) {
    const original = await findOriginal(root, sourceRelative);
    if (!original) return null;
    await makeVariantOnce(original.file, variantFull, width);
    real = await realFileUnderRoot(root, variantFull);
  }
  return real && { ...real, contentType: 'image/webp' };
}

/** If-None-Match may list several tags or '*'; weak and strong forms compare equal for GET (RFC 9110 §13.1.2). */
function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
