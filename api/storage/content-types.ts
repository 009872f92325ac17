import path from 'node:path';

/** Image types storage serves; anything else is not ours to serve (404). */
const IMAGE_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

export function imageContentType(file: string): string | null {
  return IMAGE_TYPES[path.extname(file).toLowerCase()] ?? null;
}

/** Raster types sharp can resize into a variant (an SVG is served as it is and has no variants). */
export function isResizable(file: string): boolean {
  return ['.webp', '.png', '.jpg', '.jpeg', '.gif', '.avif'].includes(path.extname(file).toLowerCase());
}
