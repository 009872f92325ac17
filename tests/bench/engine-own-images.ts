/**
 * The own-images board for `npm run bench:engine`: 500 users' own 4,000 × 3,000 images, stored the way
 * the server stores them — content-addressed originals under api/storage/own/ and the 96 / 320 px WebP variants the
 * storage layer makes (the same renderVariant) under api/storage/w/<width>/own/ — inside the served web folder.
 * The set is made once and kept in the temp folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { STORAGE_VARIANT_WIDTHS } from '#shared/image-urls';
import { renderVariant } from '../../api/storage/variants';

export const OWN_BENCH_IMAGES = 500;
export const OWN_BENCH_SIZE = { width: 4000, height: 3000 };

/** Writes (or reuses) the set and links it into `webDir`; answers the stored names (`<sha>.jpg`). */
export async function prepareOwnImages(webDir: string): Promise<string[]> {
  const cache = path.join(
    os.tmpdir(),
    `loot-bench-own-${OWN_BENCH_IMAGES}-${OWN_BENCH_SIZE.width}x${OWN_BENCH_SIZE.height}`,
  );
  const index = path.join(cache, 'own', 'index.json');
  if (!fs.existsSync(index)) {
    console.log(
      `painting ${OWN_BENCH_IMAGES} own images of ${OWN_BENCH_SIZE.width}×${OWN_BENCH_SIZE.height} into ${cache} (once)`,
    );
    const names: string[] = [];
    for (let i = 0; i < OWN_BENCH_IMAGES; i++) {
      const hue = (i * 137) % 360;
      const label = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${OWN_BENCH_SIZE.width}" height="${OWN_BENCH_SIZE.height}"><rect width="100%" height="100%" fill="hsl(${hue},60%,55%)"/><circle cx="${1000 + (i % 7) * 300}" cy="1500" r="900" fill="hsl(${(hue + 90) % 360},70%,40%)"/><text x="200" y="700" font-size="600" fill="white">${i + 1}</text></svg>`,
      );
      const original = await sharp(label).jpeg({ quality: 85 }).toBuffer();
      const name = `${crypto.createHash('sha256').update(original).digest('hex')}.jpg`;
      fs.mkdirSync(path.join(cache, 'own'), { recursive: true });
      fs.writeFileSync(path.join(cache, 'own', name), original);
      for (const width of STORAGE_VARIANT_WIDTHS) {
        fs.mkdirSync(path.join(cache, 'w', String(width), 'own'), { recursive: true });
        fs.writeFileSync(path.join(cache, 'w', String(width), 'own', name), await renderVariant(original, width));
      }
      names.push(name);
    }
    fs.writeFileSync(index, JSON.stringify(names));
  }
  const storage = path.join(webDir, 'api', 'storage');
  fs.mkdirSync(storage, { recursive: true });
  for (const dir of ['own', 'w']) {
    const link = path.join(storage, dir);
    fs.rmSync(link, { recursive: true, force: true });
    fs.symlinkSync(path.join(cache, dir), link);
  }
  return JSON.parse(fs.readFileSync(index, 'utf8')) as string[];
}
