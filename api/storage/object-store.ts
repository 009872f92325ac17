import fs from 'node:fs';
import { writeFileAtomic } from './atomic-write';
import { joinUnderRoot, parseStoragePath } from './safe-path';

/**
 * Where stored files live, behind the few operations the app needs, so an S3-compatible bucket can replace the
 * local folder (ARCHITECTURE: LOOT_STORAGE_URL) without touching the services. Keys are storage-relative paths
 * such as `own/<sha>.png` or `w/96/own/<sha>.png`, the part of the URL after /api/storage/.
 */
export interface ObjectStore {
  /** Writes the object; readers never see half of it. Writing the same key again with the same bytes is harmless. */
  put(key: string, data: Buffer): Promise<void>;
  has(key: string): Promise<boolean>;
  /** Removes the object; a missing object is not an error. */
  remove(key: string): Promise<void>;
}

/** The default store: a folder on this machine (LOOT_STORAGE_DIR, default ./data/storage). */
export function localObjectStore(root: string): ObjectStore {
  const resolve = (key: string) => {
    const parsed = parseStoragePath(key);
    const full = parsed.ok ? joinUnderRoot(root, parsed.relative) : null;
    if (!full) throw new Error(`localObjectStore: refused key ${JSON.stringify(key)}`);
    return full;
  };
  return {
    put: (key, data) => writeFileAtomic(resolve(key), data),
    has: async (key) => fs.promises.stat(resolve(key)).then((s) => s.isFile(), () => false),
    remove: (key) => fs.promises.rm(resolve(key), { force: true }),
  };
}
