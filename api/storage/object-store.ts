import fs from 'node:fs';
import path from 'node:path';
import { OWNER_ONLY_DIR, writeFileAtomic } from './atomic-write';
import { joinUnderRoot, parseStoragePath, realFileUnderRoot } from './safe-path';

/** What the store knows of an object without reading it: its size and a strong ETag (quoted). */
export type ObjectInfo = { size: number; etag: string };
export type StoredObject = ObjectInfo & { data: Buffer };

/**
 * Where stored files live, behind the few operations the app needs: a local folder by default, an
 * S3-compatible bucket with LOOT_STORAGE_URL=s3://... (s3-store.ts). Keys are storage-relative paths such as
 * `own/<sha>.png` or `w/96/own/<sha>.png`, the part of the URL after /api/storage/; both stores refuse a key that
 * parseStoragePath refuses, so no key can leave the folder or the bucket prefix.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Writes the object; readers never see half of it. Writing the same key again with the same bytes is harmless. */
  put(key: string, data: Buffer): Promise<void>;
  /** The object's bytes and info, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  has(key: string): Promise<boolean>;
  /** Removes the object; a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Every key under a folder-like prefix (`catalogue/`), in no particular order. */
  list(prefix: string): Promise<string[]>;
  /**
   * Throws when the store cannot be used right now (the folder cannot be written, the bucket cannot be reached or
   * refuses the keys): the start-up check and the readiness probe.
   */
  check(): Promise<void>;
}

/** The key as a checked relative path, or an error naming the store (a caller bug or an attack, never data). */
export function checkedKey(store: string, key: string): string {
  const parsed = parseStoragePath(key);
  if (!parsed.ok) throw new Error(`${store}: refused key ${JSON.stringify(key)}`);
  return parsed.relative;
}

/** Files the stores write beside objects while working; never listed or served as objects. */
export const isWorkFile = (name: string) => name.endsWith('.tmp') || name.endsWith('.lock');

/** The default store: a folder on this machine (LOOT_STORAGE_DIR, default ./data/storage). */
export function localObjectStore(root: string): ObjectStore {
  const resolve = (key: string) => {
    const full = joinUnderRoot(root, checkedKey('localObjectStore', key));
    if (!full) throw new Error(`localObjectStore: refused key ${JSON.stringify(key)}`);
    return full;
  };
  // Links are followed only while they stay inside the root (SECURITY.md: storage serves only its own folder).
  const found = (key: string) => realFileUnderRoot(root, resolve(key));
  const infoOf = (stat: fs.Stats): ObjectInfo => ({
    size: stat.size,
    etag: `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
  });
  return {
    kind: 'local',
    put: (key, data) => writeFileAtomic(resolve(key), data),
    async get(key) {
      const real = await found(key);
      if (!real) return null;
      const data = await fs.promises.readFile(real.file).catch(() => null);
      return data && { ...infoOf(real.stat), data };
    },
    head: async (key) => {
      const real = await found(key);
      return real && infoOf(real.stat);
    },
    has: async (key) => (await found(key)) !== null,
    remove: (key) => fs.promises.rm(resolve(key), { force: true }),
    async list(prefix) {
      const base = prefix.replace(/\/+$/, '');
      const dir = base ? resolve(base) : path.resolve(root);
      const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile() && !isWorkFile(e.name))
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    },
    async check() {
      await fs.promises.mkdir(root, { recursive: true, mode: OWNER_ONLY_DIR });
      await fs.promises.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
  };
}
