import sharp from 'sharp';
import { STORAGE_VARIANT_WIDTHS, type StorageVariantWidth } from '#shared/image-urls';

/**
 * SVG → WebP bytes for a screenshot and its board variants, rasterising the SVG once. Effort 2 keeps the first
 * start quick (about 40 ms an image here) at a size close to the default effort's.
 */
export async function rasterizeScreen(
  svg: string,
): Promise<{ full: Buffer; variants: Record<StorageVariantWidth, Buffer> }> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const [full, ...variants] = await Promise.all([
    sharp(data, raw).webp({ quality: 82, effort: 2 }).toBuffer(),
    ...STORAGE_VARIANT_WIDTHS.map((width) =>
      sharp(data, raw).resize({ width }).webp({ quality: 78, effort: 2 }).toBuffer(),
    ),
  ]);
  return {
    full,
    variants: Object.fromEntries(STORAGE_VARIANT_WIDTHS.map((w, i) => [w, variants[i]])) as Record<
      StorageVariantWidth,
      Buffer
    >,
  };
}
