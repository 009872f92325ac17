/**
 * The benchmark's scripted camera path, the same for every renderer: zoom 1 → 0.175 → 0.835 (geometric) while
 * the view's centre crosses the board diagonally; one step per animation frame; frame time = the interval
 * between animation-frame callbacks (the work of the frame before it, GPU included as far as it blocks).
 */
import type { CameraView, Rect } from '../../engine/types';

export type SweepResult = { frames: number; frameMs: number[]; wallMs: number };

export function sweepView(t: number, bounds: Rect, viewport: { width: number; height: number }): CameraView {
  const zoom = t < 0.5 ? Math.pow(0.175, t / 0.5) : 0.175 * Math.pow(0.835 / 0.175, (t - 0.5) / 0.5);
  const span = { x: Math.min(bounds.width * 0.7, 24000), y: Math.min(bounds.height * 0.7, 14000) };
  const cx = bounds.x + bounds.width * 0.15 + span.x * t;
  const cy = bounds.y + bounds.height * 0.15 + span.y * t;
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
