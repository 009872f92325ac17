/**
 * "While the camera moves, draw less" (PERFORMANCE.md): once frames measured while the camera moves are slower
 * than `slowFrameMs` (an exponential average), moving frames are drawn at `motionScale` of the resolution —
 * a quarter of the pixels at 0.5 — and the full resolution comes back when the camera rests. Low-spec mode
 * does it from the first frame, and so does a software rasteriser (`startSlow`). Pure: the engine feeds it
 * frame times.
 */
export type MotionResolutionOptions = { slowFrameMs: number; motionScale: number };

export const DEFAULT_MOTION_RESOLUTION: MotionResolutionOptions = { slowFrameMs: 28, motionScale: 0.5 };

export class MotionResolution {
  /** Sticky: a machine that was slow once stays in reduced-resolution motion. */
  slow = false;
  private average = 0;
  private lastMovingFrameAt = 0;

  constructor(private readonly options: MotionResolutionOptions = DEFAULT_MOTION_RESOLUTION) {}

  /** Known to be slow before any frame was timed (a software rasteriser): skip the slow first gesture. */
  startSlow(): void {
    this.slow = true;
  }

  /** The resolution to draw a frame at `now`, given the full resolution and whether the camera moves. */
  resolutionFor(full: number, moving: boolean, lowSpec: boolean, now: number): number {
    if (moving && this.lastMovingFrameAt > 0) {
      const interval = now - this.lastMovingFrameAt;
      // A gap over a second is a pause between gestures, not a slow frame.
      if (interval < 1000) {
        this.average = this.average === 0 ? interval : this.average * 0.8 + interval * 0.2;
        if (this.average > this.options.slowFrameMs) this.slow = true;
      }
    }
    this.lastMovingFrameAt = moving ? now : 0;
    if (!moving) this.average = 0;
    return moving && (this.slow || lowSpec) ? full * this.options.motionScale : full;
  }
}
