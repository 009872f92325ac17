/**
 * The resolution frames are drawn at, and the renderer resize that follows it: full resolution at rest, reduced
 * while the camera moves on a slow machine (model/motion-resolution.ts decides). Resizing the renderer costs a
 * buffer reallocation, so it happens only when the resolution actually changes.
 */
import type { Renderer } from 'pixi.js';
import { MotionResolution } from './model/motion-resolution';
import type { Size } from './types';

export class DrawResolution {
  private readonly motion = new MotionResolution();
  private drawn = 0;

  /** A software rasteriser: draw moving frames at reduced resolution from the first one. */
  startSlow(): void {
    this.motion.startSlow();
  }

  /** Slow enough (measured or known) that heavy work waits for the camera to rest. */
  get slow(): boolean {
    return this.motion.slow;
  }

  /** The next frame resizes the renderer whatever it draws at (after a resize, low-spec switch or export). */
  invalidate(): void {
    this.drawn = 0;
  }

  /** Sizes the renderer for the frame at `now` and returns the resolution it draws at. */
  apply(renderer: Renderer, size: Size, full: number, moving: boolean, lowSpec: boolean, now: number): number {
    const resolution = this.motion.resolutionFor(full, moving, lowSpec, now);
    if (resolution !== this.drawn) {
      renderer.resize(size.width, size.height, resolution);
      this.drawn = resolution;
    }
    return resolution;
  }
}
