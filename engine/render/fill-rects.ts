/**
 * Solid rectangles written straight into the bound render target, without drawing a quad: scissored clears on
 * WebGL (a memory fill, no shading), fillRect on Canvas 2D. Used for section backgrounds and for clearing atlas
 * slots before a bake. Coordinates are target pixels, y down.
 */
import { CLEAR, type Renderer } from 'pixi.js';

export type FillRect = { x: number; y: number; width: number; height: number; color: number };

type CanvasContextHolder = { canvasContext?: { activeContext: CanvasRenderingContext2D } };

const rgba: [number, number, number, number] = [0, 0, 0, 1];

/**
 * Fills `rects` in the currently bound target. `flipY`: the target is the canvas itself on WebGL, whose rows
 * count from the bottom (render textures are drawn y down from their first row).
 */
export function fillRects(renderer: Renderer, rects: readonly FillRect[], flipY: boolean): void {
  const gl = (renderer as unknown as { gl?: WebGL2RenderingContext }).gl;
  if (gl) {
    const height = gl.drawingBufferHeight;
    gl.enable(gl.SCISSOR_TEST);
    for (const r of rects) {
      if (r.width <= 0 || r.height <= 0) continue;
      gl.scissor(r.x, flipY ? height - r.y - r.height : r.y, r.width, r.height);
      rgba[0] = ((r.color >> 16) & 255) / 255;
      rgba[1] = ((r.color >> 8) & 255) / 255;
      rgba[2] = (r.color & 255) / 255;
      // Through Pixi, so its cached clear colour stays in step with the context.
      renderer.renderTarget.clear(undefined, CLEAR.COLOR, rgba);
    }
    gl.disable(gl.SCISSOR_TEST);
    return;
  }
  const ctx = (renderer as unknown as CanvasContextHolder).canvasContext?.activeContext;
  if (!ctx) return;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  for (const r of rects) {
    if (r.width <= 0 || r.height <= 0) continue;
    ctx.fillStyle = `#${r.color.toString(16).padStart(6, '0')}`;
    ctx.fillRect(r.x, r.y, r.width, r.height);
  }
  ctx.restore();
}
