import { say } from '#shared/messages/errors';
import { formatBytes } from '#shared/messages/own-images';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { OWN_IMAGE_LIMITS } from '#shared/own-images';
import { AppError } from '../errors';

/** The stored form of an own image: re-encoded bytes, named by their sha-256. */
export type NormalizedImage = {
  data: Buffer;
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
  sha256: string;
};

/** Formats accepted (by what the bytes decode as, never by name or Content-Type) and what each is stored as. */
const STORED_AS: Record<string, NormalizedImage['ext']> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'png',
  webp: 'webp',
  avif: 'webp',
};

export const refusal = {
  empty: () => new AppError('empty_file', 400, say('ownImages.emptyFile')),
  tooLarge: () =>
    new AppError(
      'file_too_large',
      413,
      say('ownImages.tooLargeFile', { size: formatBytes(OWN_IMAGE_LIMITS.maxBytes) }),
    ),
  tooManyPixels: () => new AppError('too_many_pixels', 413, say('ownImages.tooManyPixels')),
  svg: () => new AppError('svg_refused', 415, say('ownImages.svg')),
  unsupported: () => new AppError('unsupported_image', 415, say('ownImages.unsupported')),
  broken: () => new AppError('broken_image', 422, say('ownImages.broken')),
};

/** SVG is refused before sharp sees it: it is a document with scripts and links, not pixels (README). */
function looksLikeSvg(input: Buffer): boolean {
  const head = input
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<') && head.includes('<svg');
}

/**
 * Decodes an upload or fetched link and re-encodes it (SECURITY.md: never stored as sent): orientation applied
 * from EXIF, then every piece of metadata dropped; colours converted to sRGB; at most 8,192 px on the long side;
 * first frame of a GIF. `limitInputPixels` makes sharp refuse a decompression bomb from its header, before it
 * allocates anything. Throws an AppError (4xx) saying why for anything that is not a whole, supported image.
 */
export async function normalizeImage(input: Buffer): Promise<NormalizedImage> {
  if (input.length === 0) throw refusal.empty();
  if (input.length > OWN_IMAGE_LIMITS.maxBytes) throw refusal.tooLarge();
  if (looksLikeSvg(input)) throw refusal.svg();
  const options = { limitInputPixels: OWN_IMAGE_LIMITS.maxInputPixels, failOn: 'warning', animated: false } as const;

  let format: string;
  try {
    const meta = await sharp(input, options).metadata();
    format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format;
    if ((meta.width ?? 0) * (meta.height ?? 0) > OWN_IMAGE_LIMITS.maxInputPixels) throw refusal.tooManyPixels();
  } catch (err) {
    throw toRefusal(err);
  }
  if (format === 'svg') throw refusal.svg();
  const ext = STORED_AS[format];
  if (!ext) throw refusal.unsupported();

  try {
    const side = OWN_IMAGE_LIMITS.maxSide;
    let pipeline = sharp(input, options)
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    pipeline =
      ext === 'jpg'
        ? pipeline.jpeg({ quality: 90 })
        : ext === 'webp'
          ? pipeline.webp({ quality: 90 })
          : pipeline.png({ compressionLevel: 6 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    return { data, ext, width: info.width, height: info.height, sha256 };
  } catch (err) {
    throw toRefusal(err);
  }
}

function toRefusal(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return refusal.tooManyPixels();
  if (/unsupported image format/i.test(message)) return refusal.unsupported();
  return refusal.broken();
}
