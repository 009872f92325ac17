import sharp from 'sharp';
import { STORAGE_VARIANT_WIDTHS, type StorageVariantWidth } from '#shared/image-urls';
import type { ObjectStore } from './object-store';
import type { WorkLocks } from './work-locks';

/**
 * Resized WebP variants for the board's levels of detail (PERFORMANCE.md: textures no larger than their
 * on-screen size). The variant of `<path>` at width W is stored at `w/<W>/<path>` and served at
 * `/api/storage/w/<W>/<path>`; it is WebP whatever the original's extension. Made once by sharp and kept.
 */
export const VARIANT_DIR = 'w';

/** How long a process may hold a variant's lease before another takes it over (one sharp run takes well under). */
const VARIANT_LEASE_MS = 30_000;
/** How long a request waits for another process's variant before answering with an error. */
const VARIANT_WAIT_MS = 60_000;
const POLL_MS = 50;

export function isVariantWidth(n: number): n is StorageVariantWidth {
  return (STORAGE_VARIANT_WIDTHS as readonly number[]).includes(n);
}

export function variantRelativePath(relative: string, width: StorageVariantWidth): string {
  return `${VARIANT_DIR}/${width}/${relative}`;
}

/** The WebP bytes of one variant: never wider than the original, aspect kept. */
export function renderVariant(input: Buffer | string, width: number): Promise<Buffer> {
  return sharp(input).resize({ width, withoutEnlargement: true }).webp({ quality: 78, effort: 2 }).toBuffer();
}

/** Writes every missing variant of an image being stored (after generating or importing it). */
export async function ensureVariants(store: ObjectStore, relative: string, source: Buffer): Promise<void> {
  for (const width of STORAGE_VARIANT_WIDTHS) {
    const key = variantRelativePath(relative, width);
    if (!(await store.has(key))) await store.put(key, await renderVariant(source, width));
  }
}

/** Variants being made by this process, per store: concurrent requests for one variant share one sharp run. */
const inFlight = new WeakMap<ObjectStore, Map<string, Promise<boolean>>>();

/**
 * Makes the variant of `sourceKey` at `width` if it is missing; false when the original is gone. Made once even
 * when several processes are asked at the same moment: the maker holds the variant's lease (a lock file beside a
 * local folder, a database lease for a bucket) and the others wait for the object to appear.
 */
export function makeVariantOnce(
  storage: { store: ObjectStore; locks: WorkLocks },
  sourceKey: string,
  width: StorageVariantWidth,
): Promise<boolean> {
  const { store } = storage;
  const key = variantRelativePath(sourceKey, width);
  const pending = inFlight.get(store) ?? new Map<string, Promise<boolean>>();
  inFlight.set(store, pending);
  const existing = pending.get(key);
  if (existing) return existing;
  const job = waitOrMake(storage, sourceKey, key, width).finally(() => pending.delete(key));
  pending.set(key, job);
  return job;
}

async function waitOrMake(
  { store, locks }: { store: ObjectStore; locks: WorkLocks },
  sourceKey: string,
  key: string,
  width: number,
): Promise<boolean> {
  const deadline = Date.now() + VARIANT_WAIT_MS;
  for (;;) {
    if (await store.has(key)) return true;
    const lease = await locks.tryTake(key, VARIANT_LEASE_MS);
    if (lease) {
      try {
        if (await store.has(key)) return true;
        const source = await store.get(sourceKey);
        if (!source) return false;
        await store.put(key, await renderVariant(source.data, width));
        return true;
      } finally {
        await lease.release();
      }
    }
    if (Date.now() > deadline) throw new Error(`makeVariantOnce: gave up waiting for ${key}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
