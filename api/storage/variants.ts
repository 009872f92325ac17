import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { STORAGE_VARIANT_WIDTHS, type StorageVariantWidth } from '../../shared/image-urls';
import { writeFileAtomic } from './atomic-write';

/**
 * Resized WebP variants for the board's levels of detail (PERFORMANCE.md: textures no larger than their
 * on-screen size). The variant of `<path>` at width W lives at `<root>/w/<W>/<path>` and is served at
 * `/api/storage/w/<W>/<path>`; it is WebP whatever the original's extension. Made once by sharp and kept.
 */
export const VARIANT_DIR = 'w';

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

/** Writes every missing variant of an image already in storage (used after generating or importing it). */
export async function ensureVariants(root: string, relative: string, source?: Buffer): Promise<void> {
  for (const width of STORAGE_VARIANT_WIDTHS) {
    const target = path.join(root, variantRelativePath(relative, width));
    if (fs.existsSync(target)) continue;
    await writeFileAtomic(target, await renderVariant(source ?? path.join(root, relative), width));
  }
}

const inFlight = new Map<string, Promise<void>>();

/**
 * Makes one variant from its original if it is missing; concurrent requests for the same variant share one
 * sharp run, and concurrent processes are safe through the atomic rename.
 */
export function makeVariantOnce(originalFile: string, variantFile: string, width: number): Promise<void> {
  const pending = inFlight.get(variantFile);
  if (pending) return pending;
  const job = (async () => {
    if (fs.existsSync(variantFile)) return;
    await writeFileAtomic(variantFile, await renderVariant(originalFile, width));
  })().finally(() => inFlight.delete(variantFile));
  inFlight.set(variantFile, job);
  return job;
}
