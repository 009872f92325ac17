import type { Rect } from '#engine/types';
import type { BoardController } from '../board/board-controller';
import { pngSize } from '../../logic/export-region';
import type { AssemblerMessage, AssemblerReply } from './png-assembler.worker';

export type PngExportRequest = {
  rect: Rect;
  scale: number;
  background: boolean;
  isCancelled: () => boolean;
  onProgress: (done: number, total: number) => void;
};

/**
 * Edge of the tiles the engine draws for an export: each tile is one task of the page (its drawing
 * is read back synchronously), so a 1,024 px tile — a quarter of the engine's default — keeps that task short on
 * a software rasteriser; the page answers (Cancel, scrolling) between tiles.
 */
export const EXPORT_TILE_PX = 1024;

/**
 * The board region as a PNG: the engine draws it offscreen in tiles; each tile's pixels go to a worker that puts
 * them in one canvas at their place and encodes it once at the end (the output is capped at 16,384 px a side,
 * Chromium's canvas limit). Cancelling stops the tile loop and ends the worker.
 */
export async function exportPng(board: BoardController, request: PngExportRequest): Promise<Blob> {
  const { width, height, fits } = pngSize(request.rect, request.scale);
  if (!fits) throw new Error(`exportPng: ${width}×${height} is over the size limit`);
  const worker = new Worker(new URL('./png-assembler.worker.ts', import.meta.url), { type: 'module' });
  const finished = new Promise<Blob>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<AssemblerReply>) => {
      if (event.data.type === 'done') resolve(event.data.blob);
      else reject(new Error(`exportPng: ${event.data.message}`));
    });
    worker.addEventListener('error', (event) =>
      reject(new Error(`exportPng: ${event.message || 'the assembler failed'}`)),
    );
  });
  // A cancel or a failed tile leaves the worker's answer unread.
  finished.catch(() => undefined);
  const send = (message: AssemblerMessage, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  try {
    send({ type: 'start', width, height, straightAlpha: !request.background });
    performance.mark('loot:export-png-start');
    await board.exportRegion({
      rect: request.rect,
      scale: request.scale,
      background: request.background,
      tileSize: EXPORT_TILE_PX,
      isCancelled: request.isCancelled,
      onProgress: request.onProgress,
      onTile: (tile) => {
        // Each tile's pixels are a fresh buffer of exactly its own: handed over, not copied.
        send({ type: 'tile', x: tile.x, y: tile.y, width: tile.width, height: tile.height, pixels: tile.pixels }, [
          tile.pixels.buffer,
        ]);
        performance.mark('loot:export-png-tile');
      },
    });
    // Marks for the benchmark: tiles drawn, then the encoding.
    performance.mark('loot:export-png-tiles');
    send({ type: 'encode' });
    const blob = await finished;
    performance.mark('loot:export-png-encoded');
    return blob;
  } finally {
    worker.terminate();
  }
}
