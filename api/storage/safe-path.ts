import fs from 'node:fs';
import path from 'node:path';

/**
 * Turns the raw (still percent-encoded) part of a storage URL after /api/storage/ into a path under the storage
 * root, or says why not. SECURITY.md: storage serves only its own folder, whatever the encoding or links.
 *
 * Refused as 'bad': empty segments (`a//b`, a leading `/` = absolute), `.` and `..`, backslashes, NUL and other
 * control characters, a `%` left after decoding once (double encoding such as %252e%252e), malformed escapes,
 * Windows drive letters. Refused as 'missing' (404): anything that resolves outside the root, including a
 * symlink inside the root that points outside it.
 */
export type StoragePathResult = { ok: true; relative: string; segments: string[] } | { ok: false; reason: 'bad' };

const FORBIDDEN_CHARS = /[\\\0-\x1f\x7f%]/;

export function parseStoragePath(rawEncoded: string): StoragePathResult {
  if (rawEncoded.length === 0 || rawEncoded.length > 1024) return { ok: false, reason: 'bad' };
  const rawSegments = rawEncoded.split('/');
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { ok: false, reason: 'bad' };
    }
    if (segment === '' || segment === '.' || segment === '..') return { ok: false, reason: 'bad' };
    if (FORBIDDEN_CHARS.test(segment) || segment.includes('/')) return { ok: false, reason: 'bad' };
    if (/^[a-zA-Z]:/.test(segment)) return { ok: false, reason: 'bad' };
    segments.push(segment);
  }
  return { ok: true, relative: segments.join('/'), segments };
}

/** Absolute path of a checked relative path under root; null if it would leave the root (defence in depth). */
export function joinUnderRoot(root: string, relative: string): string | null {
  const absoluteRoot = path.resolve(root);
  const full = path.resolve(absoluteRoot, relative);
  return full.startsWith(absoluteRoot + path.sep) ? full : null;
}

/**
 * The real path of an existing regular file under root, following links only if they stay inside the root;
 * null when missing, not a file, or outside.
 */
export async function realFileUnderRoot(root: string, full: string): Promise<{ file: string; stat: fs.Stats } | null> {
  try {
    const [realRoot, realFile] = await Promise.all([fs.promises.realpath(root), fs.promises.realpath(full)]);
    if (!realFile.startsWith(realRoot + path.sep)) return null;
    const stat = await fs.promises.stat(realFile);
    return stat.isFile() ? { file: realFile, stat } : null;
  } catch {
    return null;
  }
}
