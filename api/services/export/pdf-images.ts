import sharp from 'sharp';
import { findStoredImage, type ImageSource } from './stored-images';

export type PreparedImage = { key: string; jpeg: Buffer };

/** Decoded pixels a single screenshot may have: a decompression bomb is refused, not expanded. */
const MAX_INPUT_PIXELS = 40_000_000;
const JPEG_QUALITY = 72;

/**
 * Card screenshots for the PDF: read from our storage and re-encoded by sharp as JPEG no larger than the box they
 * fill at about 150 dpi (so 200 cards stay tens of MB, not hundreds), flattened on white. Prepared images are
 * kept by (url, size) for a while, so a screenshot used on many cards is decoded, and embedded, once.
 */
export class PdfImageSource {
  private readonly cache = new Map<string, Promise<PreparedImage | null>>();

  constructor(
    private readonly source: ImageSource,
    private readonly keep = 400,
  ) {}

  get(url: string, maxWidthPx: number, maxHeightPx: number): Promise<PreparedImage | null> {
    const key = `${maxWidthPx}x${maxHeightPx}|${url}`;
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const job = this.prepare(key, url, maxWidthPx, maxHeightPx);
    this.cache.set(key, job);
    if (this.cache.size > this.keep) this.cache.delete(this.cache.keys().next().value!);
    return job;
  }

  private async prepare(
    key: string,
    url: string,
    maxWidthPx: number,
    maxHeightPx: number,
  ): Promise<PreparedImage | null> {
    const stored = await findStoredImage(this.source, url);
    const object = stored && (await this.source.store.get(stored.key));
    if (!object) return null;
    try {
      const jpeg = await sharp(object.data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize({ width: maxWidthPx, height: maxHeightPx, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: JPEG_QUALITY })
        .toBuffer();
      return { key, jpeg };
    } catch {
      // A file sharp cannot read (truncated, not an image) prints as the placeholder, like a broken image on the board.
      return null;
    }
  }
}
