import type { BoardEngine, Rect } from '#engine/types';
import { pngSize, unpremultiply } from '../../logic/export-region';

export type PngExportRequest = {
  rect: Rect;
  scale: number;
  background: boolean;
  isCancelled: () => boolean;
  onProgress: (done: number, total: number) => void;
};

/**
 * The board region as a PNG: the engine draws it offscreen in tiles, each tile is put into one 2D canvas at its
 * place, and the canvas is encoded once (the output is capped at 16,384 px a side, Chromium's canvas limit).
 */
export async function exportPng(engine: BoardEngine, request: PngExportRequest): Promise<Blob> {
  const { width, height, fits } = pngSize(request.rect, request.scale);
  if (!fits) throw new Error(`exportPng: ${width}×${height} is over the size limit`);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('exportPng: no 2D canvas');
  performance.mark('loot:export-png-start');
  await engine.renderRegion({
    rect: request.rect,
    scale: request.scale,
    background: request.background,
    isCancelled: request.isCancelled,
    onProgress: request.onProgress,
    onTile: (tile) => {
      if (!request.background) unpremultiply(tile.pixels);
      // Each tile's pixels are a fresh buffer of exactly its size: put as they are, without a copy.
      context.putImageData(new ImageData(tile.pixels, tile.width, tile.height), tile.x, tile.y);
    },
  });
  // Marks for the benchmark: tiles drawn, then the encoding.
  performance.mark('loot:export-png-tiles');
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  performance.mark('loot:export-png-encoded');
  return blob;
}
