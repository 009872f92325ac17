/**
 * The engine's frame scheduling: at most one animation frame pending, none while drawing is impossible (no
 * renderer yet, the WebGL context lost), none after stop(). The engine draws only when something asked for a
 * frame; `draw` returns whether it wants another one (animations, pending bakes, a moving camera).
 */
export class FrameLoop {
  private rafId = 0;
  private stopped = false;

  constructor(
    private readonly draw: () => boolean,
    private readonly canDraw: () => boolean,
  ) {}

  request(): void {
    if (this.rafId || this.stopped || !this.canDraw()) return;
    this.rafId = requestAnimationFrame(this.tick);
  }

  /** Drops the pending frame (the context was lost); a later request() schedules again. */
  cancel(): void {
    if (this.rafId) cancelAnimationFrame(this.rafId);
    this.rafId = 0;
  }

  stop(): void {
    this.stopped = true;
    this.cancel();
  }

  private readonly tick = (): void => {
    this.rafId = 0;
    if (this.stopped) return;
    if (this.draw()) this.request();
  };
}
