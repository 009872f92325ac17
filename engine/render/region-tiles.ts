/**
 * Renders a rectangle of the board offscreen, tile by tile, at a chosen scale (PNG export). Each tile is
 * drawn by the live scene into one reused render texture (never one huge texture), once its cards' shown images
 * have loaded or failed (a failed one shows the placeholder the board shows): the cards are composed straight
 * into the tile at the scale's level of detail (dot mode draws its blocks as the board does), clean of what is
 * there to click (gallery arrows, counters, 'Find similar' bars, resize grips) and without a free plan's locked
 * placeholders. Then the tile is read back as pixels for the caller to assemble, and the page gets a task of its
 * own before the next tile.
 */
import { RenderTexture, type Renderer } from 'pixi.js';
import { LOD_SPECS, selectLod } from '../model/lod';
import type { RegionRenderRequest } from '../types';
import type { EngineScene } from './engine-scene';

export class RegionRenderCancelled extends Error {
  constructor() {
    super('renderRegion: cancelled');
    this.name = 'RegionRenderCancelled';
  }
}

const DEFAULT_TILE = 2048;
/** A tile whose images never settle (a stalled request) is drawn as it is after this long. */
const TILE_SETTLE_LIMIT_MS = 30_000;
/** Waiting for images, the tile looks again after each load, or after this long at the latest. */
const IMAGE_POLL_MS = 50;

/** Yields to the browser (image loads, decodes) without setTimeout's 4 ms clamp on nested calls. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

export async function renderRegionTiles(
  renderer: Renderer,
  scene: EngineScene,
  boardColor: number,
  request: RegionRenderRequest,
): Promise<void> {
  const { rect, scale } = request;
  const width = Math.max(1, Math.round(rect.width * scale));
  const height = Math.max(1, Math.round(rect.height * scale));
  const gl = (renderer as unknown as { gl?: WebGL2RenderingContext }).gl;
  const maxTexture = gl ? (gl.getParameter(gl.MAX_TEXTURE_SIZE) as number) : 4096;
  const tile = Math.min(request.tileSize ?? DEFAULT_TILE, maxTexture);
  const columns = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  const lod = selectLod(scale, false);
  const clearColor: [number, number, number, number] = request.background
    ? [((boardColor >> 16) & 255) / 255, ((boardColor >> 8) & 255) / 255, (boardColor & 255) / 255, 1]
    : [0, 0, 0, 0];
  const target = RenderTexture.create({ width: Math.min(tile, width), height: Math.min(tile, height), resolution: 1 });
  const cancelled = () => request.isCancelled?.() === true;
  // Levels with card detail compose cards straight into the tile; dot mode draws its blocks as on screen.
  const compose = LOD_SPECS[lod].detail !== null;
  const endOffscreen = scene.beginOffscreen(TILE_SETTLE_LIMIT_MS, compose);
  try {
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        if (cancelled()) throw new RegionRenderCancelled();
        const x = column * tile;
        const y = row * tile;
        const w = Math.min(tile, width - x);
        const h = Math.min(tile, height - y);
        if (target.width !== w || target.height !== h) target.resize(w, h, 1);
        const view = { zoom: scale, offset: { x: -(rect.x * scale + x), y: -(rect.y * scale + y) } };
        const viewport = { x: rect.x + x / scale, y: rect.y + y / scale, width: w / scale, height: h / scale };
        scene.rebuild(viewport, lod);
        const started = performance.now();
        let frame = { now: started, view, viewport, lod, moving: false, slowMachine: false, resolution: 1 };
        for (;;) {
          frame = { ...frame, now: performance.now() };
          scene.update(frame);
          const settled = compose
            ? scene.imagesWaiting === 0
            : scene.bakesPending === 0 && scene.viewportComplete(viewport, lod);
          if (settled || frame.now - started > TILE_SETTLE_LIMIT_MS) break;
          if (cancelled()) throw new RegionRenderCancelled();
          // Composing waits for images without spinning: the decodes and the rasteriser need the CPU.
          await (compose ? scene.imageChange(IMAGE_POLL_MS) : nextTask());
        }
        if (compose) scene.composeTo(renderer, frame, target, clearColor);
        else scene.renderTo(renderer, view, target, clearColor);
        const { pixels } = renderer.extract.pixels(target);
        await request.onTile({
          x,
          y,
          width: w,
          height: h,
          pixels: new Uint8ClampedArray(pixels.buffer as ArrayBuffer, pixels.byteOffset, w * h * 4),
        });
        request.onProgress?.(row * columns + column + 1, rows * columns);
        // One tile is one task of the page; between tiles it answers input (a Cancel registers after
        // the tile being drawn, not after the whole image) and paints the progress.
        await nextTask();
      }
    }
  } finally {
    endOffscreen();
    target.destroy(true);
  }
}
