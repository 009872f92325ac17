/**
 * The benchmark's scripted camera path, the same for every renderer ("in, out to 0.1, across"):
 * zoom in 1 → 2 on a point near the board's top-left, out 2 → 0.1 on the same point, then across the board
 * diagonally at 0.1 (dot mode). One step per animation frame; frame time = the interval between animation-frame
 * callbacks (the work of the frame before it, GPU included as far as it blocks).
 */
import type { CameraView, Rect } from '#engine/types';

export type SweepResult = { frames: number; frameMs: number[]; wallMs: number };

export const SWEEP_DESCRIPTION = 'zoom in 1 → 2, out to 0.1, then across the board at 0.1';

/**
 * The view at t ∈ [0, 1] of the sweep; zoom changes geometrically so every step is the same factor.
 * Self-contained (no imports, no module constants): the board benchmark runs its source in the app's page.
 */
export function sweepView(t: number, bounds: Rect, viewport: { width: number; height: number }): CameraView {
  const ZOOM_IN_END = 0.2;
  const ZOOM_OUT_END = 0.55;
  const MAX_ZOOM = 2;
  const MIN_ZOOM = 0.1;
  let zoom: number;
  let across = 0;
  if (t < ZOOM_IN_END) zoom = Math.pow(MAX_ZOOM, t / ZOOM_IN_END);
  else if (t < ZOOM_OUT_END)
    zoom = MAX_ZOOM * Math.pow(MIN_ZOOM / MAX_ZOOM, (t - ZOOM_IN_END) / (ZOOM_OUT_END - ZOOM_IN_END));
  else {
    zoom = MIN_ZOOM;
    across = (t - ZOOM_OUT_END) / (1 - ZOOM_OUT_END);
  }
  // Capped so the pan speed stays a fast hand's (≈ 30 px per frame at 0.1) whatever the board size.
  const span = { x: Math.min(bounds.width * 0.7, 30000), y: Math.min(bounds.height * 0.7, 20000) };
  const cx = bounds.x + bounds.width * 0.15 + span.x * across;
  const cy = bounds.y + bounds.height * 0.15 + span.y * across;
  return { zoom, offset: { x: viewport.width / 2 - cx * zoom, y: viewport.height / 2 - cy * zoom } };
}

export function runSweep(
  setView: (view: CameraView) => void,
  bounds: Rect,
  viewport: { width: number; height: number },
  frames: number,
): Promise<SweepResult> {
  return new Promise((resolve) => {
    const frameMs: number[] = [];
    let i = 0;
    let last = 0;
    const start = performance.now();
    const step = (now: number) => {
      if (i > 0) frameMs.push(now - last);
      last = now;
      if (i >= frames) {
        resolve({ frames: frameMs.length, frameMs, wallMs: performance.now() - start });
        return;
      }
      setView(sweepView(i / (frames - 1), bounds, viewport));
      i++;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}
